import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { OrderInput } from "@domain/orders";
import { SelectField } from "@web/components/form";
import { SearchInput } from "@web/components/ui/search-input";
import { ComboboxField } from "@web/components/pickers/combobox-field";
import { orderKeys } from "../api/keys";
import { searchSites, siteOption, useSupplierOption, useSupplierOptions, type SiteOption } from "../api/options";

/**
 * Supplier choice: a search narrows the active suppliers on the server, the select picks one.
 * The supplier already chosen (prefilled or saved) stays listed even when the search hides it.
 */
export function SupplierPicker({ initialName }: { initialName?: string }) {
  const { control } = useFormContext<OrderInput>();
  const selected = useWatch({ control, name: "supplierId" });
  const [q, setQ] = useState("");
  const { data } = useSupplierOptions(q);
  const rows = data?.rows ?? [];
  const missing = Boolean(selected) && !rows.some((s) => s.id === selected);
  const { data: current } = useSupplierOption(missing ? selected : undefined);
  const options = rows.map((s) => ({ value: s.id, label: `${s.name} — ${s.city}` }));
  if (missing && selected)
    options.unshift({
      value: selected,
      label: current ? `${current.name} — ${current.city}` : (initialName ?? "Fornitore selezionato"),
    });

  return (
    <div className="grid content-start gap-2">
      <SearchInput label="Cerca fornitore" placeholder="Cerca fornitore attivo..." onDebouncedChange={setQ} />
      <SelectField
        name="supplierId"
        label="Fornitore"
        required
        placeholder="Seleziona un fornitore"
        options={options}
      />
      {data && data.total > rows.length ? (
        <p className="text-xs text-muted-foreground">
          Mostrati {rows.length} di {data.total} fornitori attivi: cerca per restringere.
        </p>
      ) : null}
    </div>
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
