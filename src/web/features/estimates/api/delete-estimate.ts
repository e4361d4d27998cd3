import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { estimateKeys } from "./keys";

export function useDeleteEstimate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/estimates/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: estimateKeys.lists() }),
  });
}
