import { formatEuro } from "@domain/format";
import type { Service } from "@domain/services";
import { api } from "@web/lib/api";
import { serviceKeys } from "@web/lib/query-keys";
import { COMBOBOX_LIMIT, type ComboboxOption } from "./async-combobox";
import { ComboboxField } from "./combobox-field";

const toOption = (s: Service): ComboboxOption<Service> => ({
  id: s.id,
  // A line saved with a service since retired still names it (it is no longer offered).
  label: s.status === "attivo" ? s.name : `${s.name} (non più attivo)`,
  detail: [`${formatEuro(s.unitPrice)}/${s.unit}`, s.category].filter(Boolean).join(" · "),
  item: s,
});

/** Attivo services matching `q` (name or description), twenty at a time by name (docs/domain/statuses.md). */
export const searchActiveServices = async (q: string) =>
  (await api.list<Service>("/api/services", { status: "attivo", q, sort: "name", limit: COMBOBOX_LIMIT })).rows.map(
    toOption,
  );

/** One service by id: the service a saved line already has, however old, active or not. */
export const serviceOption = async (id: string) => toOption(await api.get<Service>(`/api/services/${id}`));

/** Cache key of the service searches (under "services": a catalogue change refreshes them). */
export const serviceOptionsKey = [...serviceKeys.lists(), "picker"] as const;

/**
 * A document line's catalogue service: typing searches the attivo services on the server, twenty
 * at a time, so the whole catalogue is reachable; "Rimuovi" makes the line a custom one.
 */
export function ServicePicker({
  name,
  className,
  onPick,
}: {
  /** The line's serviceId field ("items.3.serviceId"). */
  name: string;
  className?: string;
  /** The chosen service, to fill the line's description, price and unit. */
  onPick: (service: Service) => void;
}) {
  return (
    <ComboboxField<Service>
      name={name}
      label="Servizio dal catalogo"
      className={className}
      placeholder="Voce personalizzata: cerca un servizio..."
      clearable
      queryKey={serviceOptionsKey}
      search={searchActiveServices}
      resolve={serviceOption}
      onSelect={(option) => {
        if (option) onPick(option.item);
      }}
    />
  );
}
