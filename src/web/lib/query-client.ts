import { QueryCache, QueryClient } from "@tanstack/react-query";
import { reportForbidden } from "./forbidden";
import { isApiError } from "./api";

// docs/domain/screens.md: no refetch on an interval or on focus, no retries; our mutations
// invalidate what they change, so data is refreshed exactly when it can have changed.
export const queryClient = new QueryClient({
  // A read the role may not make (403) turns the page into "Non autorizzato" (docs/domain/roles.md).
  queryCache: new QueryCache({
    onError: (error) => (isApiError(error) && error.status === 403 ? reportForbidden() : undefined),
  }),
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
