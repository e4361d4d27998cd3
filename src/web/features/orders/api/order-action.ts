import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order, OrderAction } from "@domain/orders";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { orderKeys } from "./keys";
import { invalidateSuppliers } from "@web/lib/query-keys";

/** send | confirm | receive | cancel, with the version on screen so a stale page gets a 409. */
export function useOrderAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, version }: { id: string; action: OrderAction; version: number }) =>
      api.post<Order>(`/api/orders/${id}/${action}`, { version }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.all }),
        invalidateSuppliers(qc),
        qc.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
