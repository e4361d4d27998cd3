import { queryRoots } from "@web/lib/query-keys";
import type { OfficeInformationRequestListParams } from "@domain/portal";

/** One key factory for the feature: a mutation invalidates exactly what it changed. */
export const informationRequestKeys = {
  all: [queryRoots.informationRequests] as const,
  lists: () => [...informationRequestKeys.all, "list"] as const,
  list: (params: OfficeInformationRequestListParams) => [...informationRequestKeys.lists(), params] as const,
  one: (id: string) => [...informationRequestKeys.all, "one", id] as const,
};
