import { useEffect, type CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { useLocation } from "wouter";
import { dismissErrorToasts } from "./toast";

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
  const [location] = useLocation();
  useEffect(() => dismissErrorToasts(), [location]);
  return (
    <SonnerToaster
      // At the bottom: at the top a toast covered the page's header buttons ("Nuovo …") and
      // the top bar for its whole life.
      position="bottom-right"
      offset={{ bottom: 16, right: 16 }}
      mobileOffset={{ bottom: 8, left: 8, right: 8 }}
      visibleToasts={1}
      duration={4000}
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
