import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "@web/lib/api";
import { orderKeys } from "./keys";

export interface SupplierOption {
  id: string;
  name: string;
  city: string;
  status: string;
}
export interface SiteOption {
  id: string;
  name: string;
  address: string;
}

const OPTIONS_LIMIT = 50;

/** Active suppliers matching the text typed in the order form (only attivo ones take new orders). */
export function useSupplierOptions(q: string) {
  return useQuery({
    queryKey: orderKeys.supplierOptions(q),
    queryFn: () => api.list<SupplierOption>("/api/suppliers", { status: "attivo", q, sort: "name", limit: OPTIONS_LIMIT }),
    placeholderData: keepPreviousData,
  });
}

/** One supplier by id: the supplier a form starts with may not be in the first page of options. */
export function useSupplierOption(id: string | undefined) {
  return useQuery({
    queryKey: [...orderKeys.all, "supplier-option", id],
    queryFn: () => api.get<SupplierOption>(`/api/suppliers/${id}`),
    enabled: Boolean(id),
  });
}

/** Construction sites for the optional "Cantiere" choice; a missing or failing sites API leaves the choice empty. */
export function useSiteOptions(q: string) {
  return useQuery({
    queryKey: orderKeys.siteOptions(q),
    queryFn: async () => {
      try {
        return await api.list<SiteOption>("/api/construction-sites", { q, sort: "name", limit: OPTIONS_LIMIT });
      } catch (error) {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return { rows: [], total: 0 };
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}
