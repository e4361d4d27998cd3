import type { OrderInput } from "@domain/orders";
import { ComboboxField } from "@web/components/pickers/combobox-field";
import { orderKeys } from "../api/keys";
import { supplierKeys } from "@web/lib/query-keys";
import {
  searchSites,
  searchSuppliers,
  siteOption,
  supplierOption,
  type SiteOption,
  type SupplierOption,
} from "../api/options";

/**
 * Supplier choice: typing searches the active suppliers on the server (twenty at a time), like the
 * client choice; the supplier already chosen (prefilled or saved) shows by name.
 */
export function SupplierPicker({ initialName }: { initialName?: string | null }) {
  return (
    <ComboboxField<SupplierOption, OrderInput>
      name="supplierId"
      label="Fornitore"
      required
      placeholder="Cerca fornitore attivo per nome..."
      // Under "suppliers" (src/web/lib/query-keys.ts): saving or deleting a supplier refreshes these searches.
      queryKey={supplierKeys.options()}
      search={searchSuppliers}
      resolve={supplierOption}
      selectedLabel={initialName ?? null}
    />
  );
}

/** Optional construction site, searched on the server; "Rimuovi" leaves the order without one. */
export function SitePicker({ initialName }: { initialName?: string | null }) {
  return (
    <ComboboxField<SiteOption, OrderInput>
      name="constructionSiteId"
      label="Cantiere (facoltativo)"
      placeholder="Nessun cantiere: scrivi per cercare..."
      clearable
      queryKey={orderKeys.siteOptions()}
      search={searchSites}
      resolve={siteOption}
      selectedLabel={initialName ?? null}
      description="Il materiale sarà consegnato all'indirizzo del cantiere e conteggiato nei suoi costi."
    />
  );
}
