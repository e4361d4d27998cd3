import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContactDetail } from "@domain/contacts";
import { api } from "@web/lib/api";
import { contactKeys } from "./keys";

export const contactQueryOptions = (id: string) =>
  queryOptions({ queryKey: contactKeys.detail(id), queryFn: () => api.get<ContactDetail>(`/api/contacts/${id}`) });

export const useContact = (id: string) => useQuery(contactQueryOptions(id));
