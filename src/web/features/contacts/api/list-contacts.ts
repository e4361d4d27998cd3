import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Contact, ContactListParams } from "@domain/contacts";
import { api } from "@web/lib/api";
import { contactKeys } from "./keys";

export const contactsQueryOptions = (params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: () => api.list<Contact>("/api/contacts", params),
    placeholderData: keepPreviousData,
  });

export const useContacts = (params: ContactListParams) => useQuery(contactsQueryOptions(params));
