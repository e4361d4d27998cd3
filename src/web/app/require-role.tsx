import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { usesBackOffice } from "@domain/roles";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { useMe } from "@web/lib/session";
import { paths } from "@web/lib/paths";

/**
 * Shows its children only to a logged-in user of the given area: "admin" is the back office of
 * every member of the firm (admin, ufficio, tecnico — what each may use inside is decided per
 * page by AdminFrame), "client" the portal. Without a session it sends to the login and back
 * here afterwards. The server enforces the same rules on every call.
 */
export function RequireRole({ role, children }: { role: "admin" | "client"; children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const [location, navigate] = useLocation();

  useEffect(() => {
    if (!isPending && !me) {
      const next = location + window.location.search;
      navigate(paths.login({ role, next }), { replace: true });
    }
  }, [isPending, me, role, location, navigate]);

  if (isPending || !me) {
    return (
      <div className="grid min-h-dvh place-items-center">
        <Spinner label="Caricamento..." />
      </div>
    );
  }
  const inArea = role === "admin" ? usesBackOffice(me.role) : me.role === "client";
  if (!inArea) {
    return (
      <main className="grid min-h-dvh place-items-center px-4 text-center">
        <div>
          <h1 className="text-xl font-semibold">Accesso non consentito</h1>
          <p className="mt-2 text-muted-foreground">
            {role === "admin" ? "Quest'area è riservata all'amministrazione." : "Il portale è riservato ai clienti."}
          </p>
          <Button asChild className="mt-4">
            <Link href={usesBackOffice(me.role) ? paths.admin.home() : paths.portal.home()}>Vai alla tua area</Link>
          </Button>
        </div>
      </main>
    );
  }
  return <>{children}</>;
}
