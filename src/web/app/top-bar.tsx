import { LogOut, UserRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { pendingText } from "@web/components/offline/pending-writes";
import { toastError } from "@web/components/ui/toast";
import { isApiError } from "@web/lib/api";
import { useOfflineQueue } from "@web/lib/offline/offline-queue";
import { clearOfflineData } from "@web/lib/offline/store";
import { userRoles } from "@domain/statuses";
import { useLogout } from "@web/features/auth/api/login";
import { useMe } from "@web/lib/session";
import { useCan } from "@web/lib/use-can";
import { useCompany } from "@web/lib/company";
import { NotificationsButton } from "./notifications-button";
import { paths } from "@web/lib/paths";

/** Shared by the admin and the client frames: company name, role badge, notifications, "Esci". */
export function TopBar({ role, leading }: { role: "admin" | "client"; leading?: ReactNode }) {
  const { companyName } = useCompany();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const queue = useOfflineQueue();
  const [warn, setWarn] = useState(false);
  // The phone keeps nothing of this user: cached answers and queued writes go with the session.
  const offline = () => {
    toastError("Senza rete non puoi uscire: riprova quando torna il segnale. Le modifiche restano sul telefono.");
    setWarn(false);
  };
  async function leave() {
    if (!navigator.onLine) return offline();
    try {
      await logout.mutateAsync();
    } catch (e) {
      // Without signal the server cannot end the session: clearing the phone then would leave it
      // signed in with nothing saved. The technician logs out when the signal is back.
      if (!isApiError(e)) return offline();
    }
    await clearOfflineData();
    navigate(paths.landing());
  }
  const { data: me } = useMe();
  const can = useCan();
  // The office's bell speaks of estimates, invoices and clients' requests: not a technician's.
  const bell = role === "client" || can("notifications");
  const badge = role === "client" ? "Cliente" : me?.role === "admin" || !me ? "Admin" : userRoles.label(me.role);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-card px-3 sm:px-4">
      {leading}
      <span className="truncate font-semibold">{companyName}</span>
      <Badge variant={role === "admin" ? "default" : "info"}>{badge}</Badge>
      <div className="ml-auto flex items-center gap-1">
        {bell ? <NotificationsButton role={role} /> : null}
        <Button asChild variant="ghost" aria-label="Il mio profilo" title="Il mio profilo">
          <Link href={role === "admin" ? paths.admin.profile() : paths.portal.profile()}>
            <UserRound aria-hidden className="size-4" />
            {/* On a phone the icon alone, so the bar keeps the company name and "Esci". */}
            <span className="hidden md:inline">Profilo</span>
          </Link>
        </Button>
        <Button
          variant="ghost"
          onClick={() => (queue.pending > 0 ? setWarn(true) : leave())}
          disabled={logout.isPending}
        >
          <LogOut aria-hidden className="size-4" />
          Esci
        </Button>
        <ConfirmDialog
          open={warn}
          onOpenChange={setWarn}
          title="Modifiche non inviate"
          description={`Sul telefono ci sono ${pendingText(queue.pending)}: uscendo verranno cancellate e non arriveranno in ufficio. Esci comunque?`}
          confirmLabel="Esci e cancella"
          onConfirm={leave}
        />
      </div>
    </header>
  );
}
