import { useQuery } from "@tanstack/react-query";
import type { Client } from "@domain/clients";
import type { Order } from "@domain/orders";
import type { Service } from "@domain/services";
import { api } from "@web/lib/api";
import { lookupKeys } from "./keys";

// What the estimate form chooses from. Each list is filtered on the server and capped at one
// page of 200; the client is chosen with the shared ClientPicker (a server search).

/** The chosen client's type and partita IVA: they decide the VAT the lines suggest and allow. */
export const useClientChoice = (id: string) =>
  useQuery({ queryKey: lookupKeys.client(id), queryFn: () => api.get<Client>(`/api/clients/${id}`), enabled: !!id });

/** Only attivo services appear in the estimate form (docs/domain/statuses.md). */
export const useActiveServices = () =>
  useQuery({
    queryKey: lookupKeys.services(),
    queryFn: async () =>
      (await api.list<Service>("/api/services", { status: "attivo", sort: "name", limit: 200 })).rows,
  });

/** A survey as the form offers it, with what a new estimate takes from it (docs/domain/sites.md). */
export type SurveyChoice = {
  id: string;
  clientId: string;
  date: string;
  address: string;
  status: string;
  surveyType: string | null;
  description: string | null;
  issuesFound: string | null;
  measurements: string | null;
};
export const useClientSurveys = (clientId: string) =>
  useQuery({
    queryKey: lookupKeys.surveys(clientId),
    queryFn: async () => (await api.list<SurveyChoice>("/api/surveys", { clientId, sort: "-date", limit: 200 })).rows,
    enabled: !!clientId,
  });

/** Only confermato orders can be attached (docs/domain/statuses.md). */
export const useConfirmedOrders = () =>
  useQuery({
    queryKey: lookupKeys.orders(),
    queryFn: async () =>
      (await api.list<Order>("/api/orders", { status: "confermato", sort: "-orderDate", limit: 200 })).rows,
  });
