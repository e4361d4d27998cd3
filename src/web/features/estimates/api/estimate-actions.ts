import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Estimate } from "@domain/estimates";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { estimateKeys } from "./keys";

type SendResult = Estimate & { mailStatus: "sent" | "stored" | "failed" };
type AcceptResult = Estimate & { contract: { id: string; number: string } };

function useEstimateMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: estimateKeys.all });
      void qc.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

/** "Invia": e-mail with the PDF and the portal link (or the outbox without SMTP). */
export const useSendEstimate = () =>
  useEstimateMutation(({ id, version }: { id: string; version: number }) =>
    api.post<SendResult>(`/api/estimates/${id}/send`, { version }),
  );

/** Acceptance recorded by the company on the client's behalf: the contract is created with it. */
export const useAcceptEstimate = () =>
  useEstimateMutation(({ id, signedBy, version }: { id: string; signedBy: string; version: number }) =>
    api.post<AcceptResult>(`/api/estimates/${id}/accept`, { signedBy, version }),
  );

export const useRejectEstimate = () =>
  useEstimateMutation(({ id, version }: { id: string; version: number }) =>
    api.post<Estimate>(`/api/estimates/${id}/reject`, { version }),
  );

/** "Duplica": a new bozza with the same client and lines (docs/domain/sites.md). */
export const useDuplicateEstimate = () =>
  useEstimateMutation((id: string) => api.post<Estimate>(`/api/estimates/${id}/duplicate`, {}));
