import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, SessionUser } from "@domain/auth";
import type { LoginChallenge, LoginTotpInput } from "@domain/profile";
import { api } from "@web/lib/api";
import { authKeys } from "@web/lib/session";

/** A login's answer: the user (signed in), or a challenge when a code is still owed. */
export type LoginResult = SessionUser | LoginChallenge;
export const needsCode = (r: LoginResult): r is LoginChallenge =>
  "twoFactorRequired" in r && r.twoFactorRequired === true;

function useSignedIn() {
  const qc = useQueryClient();
  return (user: SessionUser) => {
    // Another account's cached data must never show: start from an empty cache.
    qc.clear();
    qc.setQueryData(authKeys.me, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginResult>("/api/auth/login", input),
    onSuccess: (result) => {
      if (!needsCode(result)) signedIn(result);
    },
  });
}

/** The second step: the challenge and a code of the authenticator app, or a recovery code. */
export function useLoginTotp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginTotpInput) => api.post<SessionUser>("/api/auth/login/totp", input),
    onSuccess: signedIn,
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
