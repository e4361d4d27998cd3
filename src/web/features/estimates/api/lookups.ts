import { useQuery } from "@tanstack/react-query";
import type { Client } from "@domain/clients";
import { formatDate, formatEuro } from "@domain/format";
import { surveyStatuses } from "@domain/statuses";
import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { api } from "@web/lib/api";
import { lookupKeys } from "./keys";

// What the estimate form chooses from, each searched on the server twenty rows at a time (the
// shared AsyncCombobox): the client (ClientPicker), the services of the lines (ServicePicker),
// the client's survey and the confirmed supplier order below. A chosen record is fetched by id,
// so an old one stays visible; nothing downloads a list to filter it in the browser.

/** The chosen client's type and partita IVA: they decide the VAT the lines suggest and allow. */
export const useClientChoice = (id: string) =>
  useQuery({ queryKey: lookupKeys.client(id), queryFn: () => api.get<Client>(`/api/clients/${id}`), enabled: !!id });

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

const toSurveyOption = (s: SurveyChoice): ComboboxOption<SurveyChoice> => ({
  id: s.id,
  label: `${formatDate(s.date)} · ${s.address}`,
  detail: surveyStatuses.label(s.status),
  item: s,
});

/** The client's surveys matching `q` (address, description), newest first. */
export const searchClientSurveys = (clientId: string) => async (q: string) =>
  (
    await api.list<SurveyChoice>("/api/surveys", { clientId, q, sort: "-date", limit: COMBOBOX_LIMIT })
  ).rows.map(toSurveyOption);

/** The survey an estimate already has (an edit, a prefill from the survey), however old. */
export const surveyChoice = async (id: string) => toSurveyOption(await api.get<SurveyChoice>(`/api/surveys/${id}`));

/** A supplier order as the form attaches it: its total joins the estimate's taxable amount. */
export type OrderChoice = { id: string; number: string; title: string; totalAmount: string; supplierName?: string };

const toOrderOption = (o: OrderChoice): ComboboxOption<OrderChoice> => ({
  id: o.id,
  label: `${o.number} · ${o.title}`,
  detail: [formatEuro(o.totalAmount), o.supplierName].filter(Boolean).join(" · "),
  item: o,
});

/** Only confermato orders can be attached (docs/domain/statuses.md): by number, title, supplier or site. */
export const searchConfirmedOrders = async (q: string) =>
  (
    await api.list<OrderChoice>("/api/orders", { status: "confermato", q, sort: "-orderDate", limit: COMBOBOX_LIMIT })
  ).rows.map(toOrderOption);

/** The order an estimate already has, whatever its state now. */
export const orderChoice = async (id: string) => toOrderOption(await api.get<OrderChoice>(`/api/orders/${id}`));
