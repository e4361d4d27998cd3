import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order, OrderValues } from "@domain/orders";
import { api } from "@web/lib/api";
import { orderKeys } from "./keys";
import { invalidateSuppliers } from "@web/lib/query-keys";

/** Order and lines in one call (docs/domain/api.md): creates without an id, otherwise replaces with the version read. */
export function useSaveOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: OrderValues }) =>
      id ? api.put<Order>(`/api/orders/${id}`, { ...values, version }) : api.post<Order>("/api/orders", values),
    // Supplier pages show order statistics: they are refreshed too.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: orderKeys.all }), invalidateSuppliers(qc)]),
  });
}
