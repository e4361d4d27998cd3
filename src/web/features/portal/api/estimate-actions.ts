import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PortalAcceptResult } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

// The estimate's own actions (docs/domain/api.md, docs/domain/statuses.md, docs/domain/portal.md) through the portal's routes: the server checks
// the transition and the version the client saw, records the signatory, creates the contract and
// notifies the company.

export function useAcceptEstimate(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ signedBy, version }: { signedBy: string; version: number }) =>
      api.post<PortalAcceptResult>(`/api/portal/estimates/${id}/accept`, { signedBy, version }),
    // Refused or not, the screen reloads the estimate: after a 409 the client sees what changed.
    onSettled: () => qc.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

export function useRequestChanges(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<null>(`/api/portal/estimates/${id}/request-changes`, { message }),
    onSuccess: () => qc.invalidateQueries({ queryKey: portalKeys.estimate(id) }),
  });
}
