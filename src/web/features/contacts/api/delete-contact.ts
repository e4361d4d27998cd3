import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { contactKeys } from "./keys";
import { invalidateClients } from "@web/lib/query-keys";

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/contacts/${id}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contactKeys.all });
      void invalidateClients(qc);
    },
  });
}
