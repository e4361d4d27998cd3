import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard, TecnicoDashboard } from "@domain/dashboard";
import { api } from "@web/lib/api";
import { dashboardKeys } from "./keys";

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.all,
  // The office's figures, or a technician's counts (the server picks by role).
  queryFn: () => api.get<Dashboard | TecnicoDashboard>("/api/dashboard"),
});

export const useDashboard = () => useQuery(dashboardQueryOptions);

export const isTecnicoDashboard = (data: Dashboard | TecnicoDashboard | undefined): data is TecnicoDashboard =>
  !!data && "view" in data && data.view === "tecnico";
