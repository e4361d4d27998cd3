import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { PortalInvoiceSummary } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export const invoicesQueryOptions = (params: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: portalKeys.invoices(params),
    queryFn: () => api.list<PortalInvoiceSummary>("/api/portal/invoices", params),
    placeholderData: keepPreviousData,
  });

export const usePortalInvoices = (params: { limit: number; offset: number }) => useQuery(invoicesQueryOptions(params));
