import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteEstimateOption } from "@domain/sites";
import { api } from "@web/lib/api";
import { siteKeys } from "./keys";

/** Accepted estimates a site can be opened on. */
export const siteEstimateOptionsQuery = () =>
  queryOptions({
    queryKey: siteKeys.estimateOptions(),
    queryFn: () => api.get<SiteEstimateOption[]>("/api/construction-sites/estimate-options"),
  });

export const useSiteEstimateOptions = (enabled: boolean) => useQuery({ ...siteEstimateOptionsQuery(), enabled });
