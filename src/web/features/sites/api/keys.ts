import { queryRoots } from "@web/lib/query-keys";
/** One key factory per feature: a mutation invalidates exactly what it changed. */
export const siteKeys = {
  all: [queryRoots.sites] as const,
  lists: () => [...siteKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...siteKeys.lists(), params] as const,
  detail: (id: string) => [...siteKeys.all, "detail", id] as const,
  /** The estimate a new site starts from. */
  fromEstimate: (estimateId: string) => [...siteKeys.all, "from-estimate", estimateId] as const,
  estimateOptions: () => [...siteKeys.all, "estimate-options"] as const,
};
