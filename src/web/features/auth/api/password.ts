import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "@domain/passwords";
import { api } from "@web/lib/api";

/** `POST /api/auth/password`: this session stays, every other session of the user ends. */
export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => api.post<null>("/api/auth/password", input) });
}
