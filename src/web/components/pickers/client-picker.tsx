import type { Client } from "@domain/clients";
import { clientTypes } from "@domain/statuses";
import { api } from "@web/lib/api";
import { COMBOBOX_LIMIT, type ComboboxOption } from "./async-combobox";
import { ComboboxField } from "./combobox-field";
import { clientKeys } from "@web/lib/query-keys";

type ClientOption = Pick<Client, "id" | "name" | "address" | "city" | "type">;

const toOption = (c: ClientOption): ComboboxOption<ClientOption> => ({
  id: c.id,
  label: c.name,
  detail: [clientTypes.label(c.type), c.city || c.address].filter(Boolean).join(" · "),
  item: c,
});

/** Clients matching `q`, twenty at a time, by name: what every client choice offers. */
export const searchClientOptions = async (q: string) =>
  (await api.list<ClientOption>("/api/clients", { q, sort: "name", limit: COMBOBOX_LIMIT })).rows.map(toOption);

/** One client by id, when a choice starts with a client whose name it does not know. */
export const clientOption = async (id: string) => toOption(await api.get<ClientOption>(`/api/clients/${id}`));

/** Cache key of the client searches (under "clients": a client's change refreshes them). */
export const clientOptionsKey = clientKeys.options();

/**
 * Client choice for forms (contacts, surveys, estimates): typing searches the clients on the
 * server (twenty at a time), so any client is reachable however many there are.
 */
export function ClientPicker({
  name = "clientId",
  initialName,
  label = "Cliente",
  className,
  onClientChange,
}: {
  name?: string;
  /** The chosen client's name when the form starts with one (an edit). */
  initialName?: string | null;
  label?: string;
  className?: string;
  onClientChange?: (client: ClientOption | null) => void;
}) {
  return (
    <ComboboxField<ClientOption>
      name={name}
      label={label}
      required
      className={className}
      placeholder="Cerca cliente per nome..."
      queryKey={clientOptionsKey}
      search={async (q) =>
        (await api.list<ClientOption>("/api/clients", { q, sort: "name", limit: COMBOBOX_LIMIT })).rows.map(toOption)
      }
      resolve={async (id) => toOption(await api.get<ClientOption>(`/api/clients/${id}`))}
      selectedLabel={initialName ?? null}
      onSelect={(option) => onClientChange?.(option?.item ?? null)}
    />
  );
}
