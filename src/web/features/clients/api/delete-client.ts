import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { clientKeys } from "./keys";

export function useDeleteClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/clients/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
