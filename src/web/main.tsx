import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { OfflineRoot } from "./app/offline-root";
import { AppRouter } from "./app/router";
import { Toaster } from "./components/ui/toaster";
import { queryClient } from "./lib/query-client";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <OfflineRoot>
        <AppRouter />
        <Toaster />
      </OfflineRoot>
    </QueryClientProvider>
  </StrictMode>,
);
