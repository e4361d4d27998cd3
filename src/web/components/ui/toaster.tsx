import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";

// I colori "rich" di sonner non raggiungono 4.5:1: li sostituiamo con i nostri.
const contrastSafeColors = {
  "--success-bg": "#f0fdf4",
  "--success-border": "#86efac",
  "--success-text": "#166534",
  "--error-bg": "#fef2f2",
  "--error-border": "#fca5a5",
  "--error-text": "#991b1b",
  "--warning-bg": "#fffbeb",
  "--warning-border": "#fcd34d",
  "--warning-text": "#92400e",
  "--info-bg": "#f0f9ff",
  "--info-border": "#7dd3fc",
  "--info-text": "#075985",
} as CSSProperties;

/** Da montare una sola volta nella radice dell'app. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      // Below the 56 px top bar: a toast must never cover the menu, the bell or "Esci".
      offset={{ top: 68, right: 16 }}
      mobileOffset={{ top: 64, left: 8, right: 8 }}
      visibleToasts={1}
      duration={5000}
      richColors
      closeButton
      containerAriaLabel="Notifiche"
      style={contrastSafeColors}
      toastOptions={{
        closeButtonAriaLabel: "Chiudi notifica",
        style: { fontFamily: "var(--font-sans)" },
      }}
    />
  );
}
