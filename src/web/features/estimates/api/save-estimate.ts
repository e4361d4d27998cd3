import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Estimate, EstimateValues } from "@domain/estimates";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { estimateKeys } from "./keys";

/** One call saves the estimate and all its lines (the server replaces them atomically). */
export function useSaveEstimate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: EstimateValues }) =>
      id ? api.put<Estimate>(`/api/estimates/${id}`, { ...values, version }) : api.post<Estimate>("/api/estimates", values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: estimateKeys.all });
      void qc.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}
