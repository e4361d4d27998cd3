import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { api } from "@web/lib/api";

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

const toSupplierOption = (s: SupplierOption): ComboboxOption<SupplierOption> => ({
  id: s.id,
  label: s.name,
  detail: s.city,
  item: s,
});

/**
 * Active suppliers matching the text typed in the order form (only attivo ones take new orders),
 * twenty at a time by name: any supplier is reachable however many there are.
 */
export const searchSuppliers = async (q: string) =>
  (
    await api.list<SupplierOption>("/api/suppliers", { status: "attivo", q, sort: "name", limit: COMBOBOX_LIMIT })
  ).rows.map(toSupplierOption);

/** One supplier by id: the supplier a form starts with (a prefill from the supplier's page, an edit). */
export const supplierOption = async (id: string) =>
  toSupplierOption(await api.get<SupplierOption>(`/api/suppliers/${id}`));

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
