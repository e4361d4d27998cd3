import type { ReactNode } from "react";
import { TopBar } from "./top-bar";

/** The client portal frame: the top bar and a centred column. */
export function PortalFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <TopBar role="client" />
      <main id="contenuto" className="mx-auto max-w-6xl p-3 sm:p-6">
        {children}
      </main>
    </div>
  );
}
