import { queryRoots } from "@web/lib/query-keys";
/** One key factory per feature: a mutation invalidates exactly what it changed. */
export const orderKeys = {
  all: [queryRoots.orders] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...orderKeys.lists(), params] as const,
  detail: (id: string) => [...orderKeys.all, "detail", id] as const,
  siteOptions: () => [...orderKeys.all, "site-options"] as const,
};
