import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput } from "@domain/passwords";
import { api } from "@web/lib/api";
import { profileKeys } from "./keys";

/** `POST /api/auth/password`: this session stays, every other session of the user ends. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<null>("/api/auth/password", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
