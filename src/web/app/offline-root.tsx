import type { ReactNode } from "react";
import { UpdatePrompt } from "@web/components/offline/update-prompt";
import { useMe } from "@web/features/auth/api/me";
import { OfflineQueueProvider } from "@web/lib/offline/offline-queue";

/** The offline queue of whoever is signed in, and the prompt of a new version of the app. */
export function OfflineRoot({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  return (
    <OfflineQueueProvider me={me}>
      {children}
      <UpdatePrompt />
    </OfflineQueueProvider>
  );
}
