import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractDetail, ContractListItem } from "@domain/contracts";
import type { InvoiceDetail, InvoiceListItem, InvoiceListParams, InvoiceListTotals } from "@domain/invoices";
import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { api, withQuery } from "@web/lib/api";
import { invoiceKeys } from "./keys";

export const invoicesQueryOptions = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: () => api.list<InvoiceListItem>("/api/invoices", params),
    placeholderData: keepPreviousData,
  });
export const useInvoices = (params: InvoiceListParams) => useQuery(invoicesQueryOptions(params));

/** Count and sums of every invoice the filters match (not only the page), computed by the server. */
export const useInvoiceTotals = (params: Omit<InvoiceListParams, "limit" | "offset">) =>
  useQuery({
    queryKey: invoiceKeys.totals(params),
    queryFn: () => api.get<InvoiceListTotals>(withQuery("/api/invoices/totals", params)),
    placeholderData: keepPreviousData,
  });

export const useInvoice = (id: string) =>
  useQuery({ queryKey: invoiceKeys.detail(id), queryFn: () => api.get<InvoiceDetail>(`/api/invoices/${id}`) });

/** The contract an invoice is being prepared on: value, invoiced so far, sites (for the SAL preview). */
export const useInvoicingContract = (contractId: string) =>
  useQuery({
    queryKey: invoiceKeys.contract(contractId),
    queryFn: () => api.get<ContractDetail>(`/api/contracts/${contractId}`),
    enabled: Boolean(contractId),
  });

/** Contracts an invoice can be made on (every status but bozza), searched on the server, newest first. */
export const searchInvoiceableContracts = async (q: string): Promise<ComboboxOption<ContractListItem>[]> =>
  (
    await api.list<ContractListItem>("/api/contracts", {
      q,
      invoiceable: "true",
      sort: "-createdAt",
      limit: COMBOBOX_LIMIT,
    })
  ).rows.map((c) => ({
    id: c.id,
    label: `${c.number} · ${c.estimateTitle}`,
    detail: c.clientName,
    item: c,
  }));
