import { ShieldAlert } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/lib/paths";

/**
 * The page a role sees on a screen it may not use (docs/domain/roles.md): reached from the
 * router (the page needs a capability the role lacks) or from a 403 the API answered.
 */
export function NotAuthorized({ home = paths.admin.home() }: { home?: string }) {
  return (
    <section aria-labelledby="non-autorizzato" className="grid min-h-[50vh] place-items-center px-4 text-center">
      <div className="max-w-md">
        <ShieldAlert aria-hidden className="mx-auto size-10 text-muted-foreground" />
        <h1 id="non-autorizzato" className="mt-3 text-2xl font-bold">
          Non autorizzato
        </h1>
        <p className="mt-2 text-muted-foreground">
          Il tuo ruolo non consente di usare questa pagina. Se ti serve, chiedi all&apos;amministratore.
        </p>
        <Button asChild className="mt-6">
          <Link href={home}>Torna all&apos;inizio</Link>
        </Button>
      </div>
    </section>
  );
}
