import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Contact, ContactValues } from "@domain/contacts";
import { api } from "@web/lib/api";
import { contactKeys } from "./keys";
import { invalidateClients } from "@web/lib/query-keys";

/** Creates when there is no id, otherwise updates with the version the form was opened with. */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: ContactValues }) =>
      id ? api.put<Contact>(`/api/contacts/${id}`, { ...values, version }) : api.post<Contact>("/api/contacts", values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contactKeys.all });
      // The client detail counts and lists its contacts.
      void invalidateClients(qc);
    },
  });
}
