import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore, type ReactNode } from "react";
import type { SessionUser } from "@domain/auth";
import { UpdatePrompt } from "@web/components/offline/update-prompt";
import { authKeys } from "@web/lib/session";
import { OfflineQueueProvider } from "@web/lib/offline/offline-queue";

/** The offline queue of whoever is signed in, and the prompt of a new version of the app. */
export function OfflineRoot({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  // Read from the cache, not through an observer: a sign-in clears the query cache and puts the
  // new user in a new query, which an observer mounted before it (this one, above the router)
  // would never see. The pages' own useMe() does the fetching.
  const subscribe = useCallback((onChange: () => void) => qc.getQueryCache().subscribe(onChange), [qc]);
  const me = useSyncExternalStore(subscribe, () => qc.getQueryData<SessionUser | null>(authKeys.me));
  return (
    <OfflineQueueProvider me={me}>
      {children}
      <UpdatePrompt />
    </OfflineQueueProvider>
  );
}
