import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { SelectField } from "@web/components/form";
import { SearchInput } from "@web/components/ui/search-input";
import { api } from "@web/lib/api";

type ClientOption = { id: string; name: string; address: string; city: string | null };
const PAGE = 50;

/**
 * Client choice for forms: a search narrows the clients on the server, the select picks one.
 * The client already chosen stays listed even when the search hides it.
 */
export function ClientPicker({ name = "clientId", initialName, label = "Cliente" }: { name?: string; initialName?: string | null; label?: string }) {
  const { control } = useFormContext();
  const selected = useWatch({ control, name }) as string | undefined;
  const [q, setQ] = useState("");
  const { data } = useQuery({
    queryKey: ["clients", "list", { q, sort: "name", limit: PAGE, picker: true }],
    queryFn: () => api.list<ClientOption>("/api/clients", { q, sort: "name", limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const rows = data?.rows ?? [];
  const options = rows.map((c) => ({ value: c.id, label: c.city ? `${c.name} — ${c.city}` : c.name }));
  if (selected && !rows.some((c) => c.id === selected)) options.unshift({ value: selected, label: initialName ?? "Cliente selezionato" });

  return (
    <div className="grid content-start gap-2">
      <SearchInput label="Cerca cliente" placeholder="Cerca cliente per nome..." onDebouncedChange={setQ} />
      <SelectField name={name} label={label} required placeholder="Seleziona un cliente" options={options} />
      {data && data.total > rows.length ? (
        <p className="text-xs text-muted-foreground">
          Mostrati {rows.length} di {data.total} clienti: cerca per restringere.
        </p>
      ) : null}
    </div>
  );
}
