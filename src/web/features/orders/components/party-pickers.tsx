import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { OrderInput } from "@domain/orders";
import { SelectField } from "@web/components/form";
import { SearchInput } from "@web/components/ui/search-input";
import { useSiteOptions, useSupplierOption, useSupplierOptions } from "../api/options";

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
  if (missing && selected) options.unshift({ value: selected, label: current ? `${current.name} — ${current.city}` : (initialName ?? "Fornitore selezionato") });

  return (
    <div className="grid content-start gap-2">
      <SearchInput label="Cerca fornitore" placeholder="Cerca fornitore attivo..." onDebouncedChange={setQ} />
      <SelectField name="supplierId" label="Fornitore" required placeholder="Seleziona un fornitore" options={options} />
      {data && data.total > rows.length ? (
        <p className="text-xs text-muted-foreground">
          Mostrati {rows.length} di {data.total} fornitori attivi: cerca per restringere.
        </p>
      ) : null}
    </div>
  );
}

/** Optional construction site; with no sites (or no sites API) the order simply has none. */
export function SitePicker({ initialName }: { initialName?: string | null }) {
  const { control } = useFormContext<OrderInput>();
  const selected = useWatch({ control, name: "constructionSiteId" });
  const [q, setQ] = useState("");
  const { data } = useSiteOptions(q);
  const rows = data?.rows ?? [];
  const options = rows.map((s) => ({ value: s.id, label: `${s.name} — ${s.address}` }));
  if (selected && !rows.some((s) => s.id === selected)) options.unshift({ value: selected, label: initialName ?? "Cantiere selezionato" });

  return (
    <div className="grid content-start gap-2">
      <SearchInput label="Cerca cantiere" placeholder="Cerca cantiere..." onDebouncedChange={setQ} />
      <SelectField
        name="constructionSiteId"
        label="Cantiere (facoltativo)"
        placeholder="Nessun cantiere"
        options={options}
        description="Il materiale sarà consegnato all'indirizzo del cantiere e conteggiato nei suoi costi."
      />
    </div>
  );
}
