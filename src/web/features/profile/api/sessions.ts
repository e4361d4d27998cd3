import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionInfo } from "@domain/profile";
import { api } from "@web/lib/api";
import { profileKeys } from "./keys";

export const sessionsQueryOptions = queryOptions({
  queryKey: profileKeys.sessions,
  queryFn: () => api.get<SessionInfo[]>("/api/profile/sessions"),
});

export const useSessions = () => useQuery(sessionsQueryOptions);

/** "Esci da tutti gli altri dispositivi": this session stays. */
export function useLogoutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>("/api/profile/sessions/logout-others"),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/profile/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
