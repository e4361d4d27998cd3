import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TotpDisableInput, TotpSetup } from "@domain/profile";
import { authKeys } from "@web/lib/session";
import { api } from "@web/lib/api";
import { profileKeys } from "./keys";

type RecoveryCodes = { recoveryCodes: string[] };

/** Two-factor changes the profile, the session list (enabling ends other sessions) and /me. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: profileKeys.all });
    void qc.invalidateQueries({ queryKey: authKeys.me });
  };
}

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: (input: { password: string }) => api.post<TotpSetup>("/api/auth/totp/setup", input),
  });
}

export function useEnableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { code: string }) => api.post<RecoveryCodes>("/api/auth/totp/enable", input),
    onSuccess: refresh,
  });
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TotpDisableInput) => api.post<null>("/api/auth/totp/disable", input),
    onSuccess: refresh,
  });
}

export function useNewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { code: string }) => api.post<RecoveryCodes>("/api/auth/totp/recovery-codes", input),
    onSuccess: refresh,
  });
}
