import { useEffect, useId, useState } from "react";
import { useController } from "react-hook-form";
import type { Client } from "@domain/clients";
import { clientTypes } from "@domain/statuses";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { useClientChoice, useClientChoices } from "../api/lookups";

/**
 * Client choice for a company with many clients: a search box narrows the list on the server,
 * the select holds the value. The chosen client stays listed even when the search hides it.
 */
export function ClientPicker({ onClientChange }: { onClientChange: (client: Pick<Client, "id" | "type"> | null) => void }) {
  // Controlled: the options arrive after the value (edit), and a native select would drop it.
  const { field, fieldState } = useController<{ clientId: string }>({ name: "clientId" });
  const error = fieldState.error;
  const clientId = field.value ?? "";
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const choices = useClientChoices(q);
  const chosen = useClientChoice(clientId);
  const rows = choices.data?.rows ?? [];
  const options = chosen.data && !rows.some((c) => c.id === chosen.data.id) ? [chosen.data, ...rows] : rows;
  const base = useId();

  return (
    <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2 sm:gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${base}-search`}>Cerca cliente</Label>
        <Input id={`${base}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Nome del cliente..." />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${base}-client`} required>
          Cliente
        </Label>
        <Select
          id={`${base}-client`}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${base}-client-error` : undefined}
          name={field.name}
          ref={field.ref}
          value={clientId}
          onBlur={field.onBlur}
          onChange={(e) => {
            field.onChange(e.target.value);
            onClientChange(options.find((c) => c.id === e.target.value) ?? null);
          }}
        >
          <option value="">{choices.isPending ? "Caricamento..." : "Seleziona un cliente"}</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} · {clientTypes.label(c.type)}
            </option>
          ))}
        </Select>
        {error?.message ? (
          <p id={`${base}-client-error`} role="alert" className="text-sm font-medium text-destructive">
            {error.message}
          </p>
        ) : null}
        {choices.data && choices.data.total > rows.length ? (
          <p className="text-xs text-muted-foreground">Mostrati {rows.length} di {choices.data.total}: scrivi nella ricerca per restringere.</p>
        ) : null}
      </div>
    </div>
  );
}
