import { Link } from "wouter";
import { paths } from "@web/lib/paths";
import { Button } from "@web/components/ui/button";

/** Every screen is Italian, this one too: what happened and the way back. */
export default function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-background px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">Pagina non trovata</h1>
        <p className="mt-2 text-muted-foreground">
          L&apos;indirizzo che hai aperto non esiste o non è più disponibile.
        </p>
        <Button asChild className="mt-6">
          <Link href={paths.landing()}>Torna alla home</Link>
        </Button>
        {/* The specification's two texts stay, small and technical (docs/domain/operations.md). */}
        <p lang="en" className="mt-8 text-xs text-muted-foreground">
          404 Page Not Found · Did you forget to add the page to the router?
        </p>
      </div>
    </main>
  );
}
