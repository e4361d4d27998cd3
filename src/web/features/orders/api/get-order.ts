import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderDetail, OrderDetailTecnico } from "@domain/orders";
import { api } from "@web/lib/api";
import { orderKeys } from "./keys";

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => api.get<OrderDetail | OrderDetailTecnico>(`/api/orders/${id}`) });

export const useOrder = (id: string, enabled = true) => useQuery({ ...orderQueryOptions(id), enabled });
