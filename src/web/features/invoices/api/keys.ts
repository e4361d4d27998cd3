import { queryRoots } from "@web/lib/query-keys";
export const invoiceKeys = {
  all: [queryRoots.invoices] as const,
  lists: () => [...invoiceKeys.all, "list"] as const,
  list: (params: Record<string, unknown>) => [...invoiceKeys.lists(), params] as const,
  detail: (id: string) => [...invoiceKeys.all, "detail", id] as const,
  totals: (params: Record<string, unknown>) => [...invoiceKeys.lists(), "totals", params] as const,
  contract: (id: string) => [...invoiceKeys.all, "contract", id] as const,
  contractOptions: () => [...invoiceKeys.all, "contract-options"] as const,
};
