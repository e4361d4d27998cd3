import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionUser } from "@domain/auth";
import { api, isApiError } from "@web/lib/api";
import { authKeys } from "./query-keys";

export { authKeys };

/** The logged-in user, or null when there is no session (401 is an answer, not an error). */
export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      return await api.get<SessionUser>("/api/auth/me");
    } catch (e) {
      if (isApiError(e) && e.status === 401) return null;
      throw e;
    }
  },
  staleTime: 5 * 60_000,
});

export const useMe = () => useQuery(meQueryOptions);
