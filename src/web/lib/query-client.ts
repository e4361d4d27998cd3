import { QueryClient } from "@tanstack/react-query";

// Specification §9: no refetch on an interval or on focus, no retries; our mutations
// invalidate what they change, so data is refreshed exactly when it can have changed.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
