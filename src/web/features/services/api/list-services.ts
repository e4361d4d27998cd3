import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Service, ServiceListParams } from "@domain/services";
import { api } from "@web/lib/api";
import { serviceKeys } from "./keys";

export const servicesQueryOptions = (params: ServiceListParams) =>
  queryOptions({
    queryKey: serviceKeys.list(params),
    queryFn: () => api.list<Service>("/api/services", params),
    placeholderData: keepPreviousData,
  });

export const useServices = (params: ServiceListParams) => useQuery(servicesQueryOptions(params));
