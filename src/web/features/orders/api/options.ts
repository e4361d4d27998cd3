import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { api } from "@web/lib/api";
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
    queryFn: () =>
      api.list<SupplierOption>("/api/suppliers", { status: "attivo", q, sort: "name", limit: OPTIONS_LIMIT }),
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

const toSiteOption = (s: SiteOption): ComboboxOption<SiteOption> => ({
  id: s.id,
  label: s.name,
  detail: s.address,
  item: s,
});

/** Construction sites for the optional "Cantiere" choice, searched on the server by name or address. */
export const searchSites = async (q: string) =>
  (await api.list<SiteOption>("/api/construction-sites", { q, sort: "name", limit: COMBOBOX_LIMIT })).rows.map(
    toSiteOption,
  );

/** The site an order already has, when its name did not come with the order. */
export const siteOption = async (id: string) =>
  toSiteOption(await api.get<SiteOption>(`/api/construction-sites/${id}`));
