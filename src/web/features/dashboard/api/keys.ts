import { queryRoots } from "@web/lib/query-keys";

/** The office dashboard's figures, one query. */
export const dashboardKeys = { all: [queryRoots.dashboard] as const };
