import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { api } from "@web/lib/api";
import { contactKeys } from "@web/lib/query-keys";

export type ContactOption = { id: string; name: string; role: string | null; email?: string | null; phone?: string | null };

const toOption = (c: ContactOption): ComboboxOption<ContactOption> => ({
  id: c.id,
  label: c.role ? `${c.name} (${c.role})` : c.name,
  detail: [c.phone, c.email].filter(Boolean).join(" · ") || undefined,
  item: c,
});

/** The chosen client's contacts matching `q` (name, email, phone), twenty at a time by name. */
export const searchClientContacts = (clientId: string) => async (q: string) =>
  (await api.list<ContactOption>("/api/contacts", { clientId, q, sort: "name", limit: COMBOBOX_LIMIT })).rows.map(
    toOption,
  );

/** The survey's contact, by id, when its name did not come with the survey. */
export const contactOption = async (id: string) => toOption(await api.get<ContactOption>(`/api/contacts/${id}`));

/** Cache key of a client's contact searches (under "contacts": a contact's change refreshes them). */
export const clientContactsKey = (clientId: string) => [...contactKeys.lists(), "picker", clientId] as const;
