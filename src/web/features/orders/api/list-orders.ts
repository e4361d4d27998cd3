import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Order, OrderListParams, OrderTecnico } from "@domain/orders";
import { api } from "@web/lib/api";
import { orderKeys } from "./keys";

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: () => api.list<Order | OrderTecnico>("/api/orders", params),
    placeholderData: keepPreviousData,
  });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));
