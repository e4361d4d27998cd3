import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientDetail, ClientDetailTecnico } from "@domain/clients";
import { api } from "@web/lib/api";
import { clientKeys } from "./keys";

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: () => api.get<ClientDetail | ClientDetailTecnico>(`/api/clients/${id}`),
  });

export const useClient = (id: string) => useQuery(clientQueryOptions(id));
