import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { siteKeys } from "./keys";

export function useDeleteSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/construction-sites/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
