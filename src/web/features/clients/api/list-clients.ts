import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Client, ClientListParams } from "@domain/clients";
import { api } from "@web/lib/api";
import { clientKeys } from "./keys";

export const clientsQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: () => api.list<Client>("/api/clients", params),
    placeholderData: keepPreviousData,
  });

export const useClients = (params: ClientListParams) => useQuery(clientsQueryOptions(params));
