import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

// The estimate's own actions (decisions §4, §5): the estimates module checks the transition,
// records the signatory, creates the contract and notifies the company.

export function useAcceptEstimate(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signedBy: string) => api.post<unknown>(`/api/estimates/${id}/accept`, { signedBy }),
    onSuccess: () => qc.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

export function useRequestChanges(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<unknown>(`/api/estimates/${id}/request-changes`, { message }),
    onSuccess: () => qc.invalidateQueries({ queryKey: portalKeys.estimate(id) }),
  });
}
