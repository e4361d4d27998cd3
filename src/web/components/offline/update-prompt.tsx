/// <reference types="vite-plugin-pwa/react" />
import { RefreshCw } from "lucide-react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { Button } from "@web/components/ui/button";

/**
 * Registers the service worker and, when a new version of the app has been deployed and is
 * waiting, offers "Nuova versione disponibile – Aggiorna": the new worker takes over and the page
 * reloads. Nothing changes under the technician's fingers without his tap (he may be typing).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A phone left open all day learns of a new version within the hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-3 shadow-lg sm:left-auto sm:max-w-md"
    >
      <span className="min-w-0 flex-1 font-medium">Nuova versione disponibile</span>
      <Button variant="ghost" className="min-h-11" onClick={() => setNeedRefresh(false)}>
        Più tardi
      </Button>
      <Button className="min-h-11" onClick={() => void updateServiceWorker(true)}>
        <RefreshCw aria-hidden />
        Aggiorna
      </Button>
    </div>
  );
}
