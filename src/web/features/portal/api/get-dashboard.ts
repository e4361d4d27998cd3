import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PortalDashboard } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: portalKeys.dashboard(), queryFn: () => api.get<PortalDashboard>("/api/portal/dashboard") });

export const usePortalDashboard = () => useQuery(dashboardQueryOptions());
