import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteDetail, SiteDetailTecnico } from "@domain/sites";
import { api } from "@web/lib/api";
import { siteKeys } from "./keys";

export const siteQueryOptions = (id: string) =>
  queryOptions({ queryKey: siteKeys.detail(id), queryFn: () => api.get<SiteDetail | SiteDetailTecnico>(`/api/construction-sites/${id}`) });

export const useSite = (id: string) => useQuery(siteQueryOptions(id));
