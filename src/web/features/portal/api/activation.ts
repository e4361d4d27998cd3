import { useMutation, useQuery } from "@tanstack/react-query";
import type { UserRole } from "@domain/statuses";
import { api } from "@web/lib/api";
import { activationKeys } from "./keys";

export interface Activation {
  username: string;
  clientName: string | null;
  /** A portal client logs in to /client, the firm's people to /admin. */
  role: UserRole;
}

/** Who the one-time link belongs to; the token goes in a POST body, never in a logged URL. */
export const useActivationCheck = (token: string) =>
  useQuery({
    queryKey: activationKeys.check(token),
    queryFn: () => api.post<Activation>("/api/auth/activate/check", { token }),
    enabled: token.length > 0,
    retry: false,
  });

export const useActivate = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => api.post<Activation>("/api/auth/activate", body) });
