import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contract, ContractAction } from "@domain/contracts";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { contractKeys } from "./keys";

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: contractKeys.all });
    void qc.invalidateQueries({ queryKey: activityKeys.all });
  };
}

export function useCreateContract() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (estimateId: string) => api.post<Contract>("/api/contracts", { estimateId }),
    onSuccess: invalidate,
  });
}

export function useUpdateTerms() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      terms: string;
      cig?: string | null;
      cup?: string | null;
      version: number;
    }) => api.put<Contract>(`/api/contracts/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useContractTransition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action, signedDate }: { id: string; action: ContractAction; signedDate?: string }) =>
      api.post<Contract>(`/api/contracts/${id}/${action}`, action === "sign" ? { signedDate } : {}),
    onSuccess: invalidate,
  });
}

export function useDeleteContract() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/contracts/${id}`), onSuccess: invalidate });
}
