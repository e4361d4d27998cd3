import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { orderKeys } from "./keys";
import { invalidateSuppliers } from "@web/lib/query-keys";

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/orders/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: orderKeys.all }), invalidateSuppliers(qc)]),
  });
}
