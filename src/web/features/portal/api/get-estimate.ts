import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PortalEstimate } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export const estimateQueryOptions = (id: string) =>
  queryOptions({ queryKey: portalKeys.estimate(id), queryFn: () => api.get<PortalEstimate>(`/api/portal/estimates/${id}`) });

export const usePortalEstimate = (id: string) => useQuery(estimateQueryOptions(id));
