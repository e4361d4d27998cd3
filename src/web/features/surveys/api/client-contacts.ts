import { useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";
import { contactKeys } from "@web/lib/query-keys";

type ContactOption = { id: string; name: string; role: string | null };

/** The contacts of the chosen client, for the survey form's "reference contact". */
export function useClientContacts(clientId: string | undefined) {
  return useQuery({
    queryKey: contactKeys.list({ clientId, limit: 200, sort: "name" }),
    queryFn: () => api.list<ContactOption>("/api/contacts", { clientId, limit: 200, sort: "name" }),
    enabled: Boolean(clientId),
  });
}
