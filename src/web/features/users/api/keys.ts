import { queryRoots } from "@web/lib/query-keys";

/** One key factory for the feature: a mutation invalidates exactly what it changed. */
export const userKeys = {
  all: [queryRoots.users] as const,
  list: (params: Record<string, unknown>) => [...userKeys.all, "list", params] as const,
};
