import { queryRoots } from "@web/lib/query-keys";
/** One key factory for the portal: a mutation invalidates exactly what it changed. */
export const portalKeys = {
  all: [queryRoots.portal] as const,
  dashboard: () => [...portalKeys.all, "dashboard"] as const,
  project: (id: string) => [...portalKeys.all, "project", id] as const,
  estimate: (id: string) => [...portalKeys.all, "estimate", id] as const,
  invoices: (params: Record<string, unknown>) => [...portalKeys.all, "invoices", params] as const,
  invoice: (id: string) => [...portalKeys.all, "invoice", id] as const,
  list: (name: string, params: Record<string, unknown>) => [...portalKeys.all, "list", name, params] as const,
};

/** The one-time activation link (public, before any login). */
export const activationKeys = {
  check: (token: string) => [queryRoots.activation, token] as const,
};
