import { queryRoots } from "@web/lib/query-keys";
/** One key factory for the feature: a mutation invalidates exactly what it changed. */
export const estimateKeys = {
  all: [queryRoots.estimates] as const,
  lists: () => [...estimateKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...estimateKeys.lists(), params] as const,
  detail: (id: string) => [...estimateKeys.all, "detail", id] as const,
};

/** The choices the form searches (client, surveys, orders), cached apart from estimates. */
export const lookupKeys = {
  client: (id: string) => [queryRoots.estimateLookups, "client", id] as const,
  surveys: (clientId: string) => [queryRoots.estimateLookups, "surveys", clientId] as const,
  survey: (id: string) => [queryRoots.estimateLookups, "survey", id] as const,
  orders: () => [queryRoots.estimateLookups, "orders"] as const,
};
