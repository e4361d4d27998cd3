import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PortalProject } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: portalKeys.project(id), queryFn: () => api.get<PortalProject>(`/api/portal/projects/${id}`) });

export const usePortalProject = (id: string) => useQuery(projectQueryOptions(id));
