import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteListItem, SiteListParams } from "@domain/sites";
import { api } from "@web/lib/api";
import { siteKeys } from "./keys";

export const sitesQueryOptions = (params: SiteListParams) =>
  queryOptions({
    queryKey: siteKeys.list(params),
    queryFn: () => api.list<SiteListItem>("/api/construction-sites", params),
    placeholderData: keepPreviousData,
  });

export const useSites = (params: SiteListParams) => useQuery(sitesQueryOptions(params));
