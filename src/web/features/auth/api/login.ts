import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, SessionUser } from "@domain/auth";
import { api } from "@web/lib/api";
import { authKeys } from "./me";

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<SessionUser>("/api/auth/login", input),
    onSuccess: (user) => {
      // Another account's cached data must never show: start from an empty cache.
      qc.clear();
      qc.setQueryData(authKeys.me, user);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>("/api/auth/logout"),
    onSettled: () => {
      qc.clear();
      qc.setQueryData(authKeys.me, null);
    },
  });
}
