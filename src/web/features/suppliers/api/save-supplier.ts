import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Supplier, SupplierValues } from "@domain/suppliers";
import { api } from "@web/lib/api";
import { supplierKeys } from "./keys";

/** Creates when there is no id, otherwise updates with the version the form was opened with. */
export function useSaveSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: SupplierValues }) =>
      id ? api.put<Supplier>(`/api/suppliers/${id}`, { ...values, version }) : api.post<Supplier>("/api/suppliers", values),
    onSuccess: () => qc.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
