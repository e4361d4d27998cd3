import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "@domain/dashboard";
import { api } from "@web/lib/api";

export const dashboardKeys = { all: ["dashboard"] as const };

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: () => api.get<Dashboard>("/api/dashboard"),
});

export const useDashboard = () => useQuery(dashboardQueryOptions);
