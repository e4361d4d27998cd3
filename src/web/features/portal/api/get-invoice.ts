import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PortalInvoice } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: portalKeys.invoice(id), queryFn: () => api.get<PortalInvoice>(`/api/portal/invoices/${id}`) });

export const usePortalInvoice = (id: string) => useQuery(invoiceQueryOptions(id));
