import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Service, ServiceValues } from "@domain/services";
import { api } from "@web/lib/api";
import { serviceKeys } from "./keys";

export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: ServiceValues }) =>
      id ? api.put<Service>(`/api/services/${id}`, { ...values, version }) : api.post<Service>("/api/services", values),
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/services/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
