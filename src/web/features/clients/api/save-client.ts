import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Client, ClientValues } from "@domain/clients";
import { api } from "@web/lib/api";
import { clientKeys } from "./keys";

/** Creates when there is no id, otherwise updates with the version the form was opened with. */
export function useSaveClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: ClientValues }) =>
      id ? api.put<Client>(`/api/clients/${id}`, { ...values, version }) : api.post<Client>("/api/clients", values),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
