import { useSyncExternalStore } from "react";
import { useLocation } from "wouter";

// A 403 from the API on the page being shown means the role may not use it: the admin frame
// then shows "Non autorizzato" instead of a half-broken screen. Remembered per path, so moving
// to another page clears it.

let forbiddenPath: string | null = null;
const listeners = new Set<() => void>();

export function reportForbidden() {
  forbiddenPath = window.location.pathname;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the API refused (403) a read of the page at the current location. */
export function useForbiddenHere(): boolean {
  const path = useSyncExternalStore(subscribe, () => forbiddenPath);
  const [location] = useLocation();
  return path !== null && path === location;
}
