import type { SiteEstimateOption } from "@domain/sites";
import { COMBOBOX_LIMIT, type ComboboxOption } from "@web/components/pickers/async-combobox";
import { toEstimateOption } from "@web/components/pickers/estimate-option";
import { api } from "@web/lib/api";
import { siteKeys } from "./keys";

export const siteEstimateOptionsKey = siteKeys.estimateOptions();

const toOption = toEstimateOption<SiteEstimateOption>;

/** Accepted estimates a site can be opened on, searched on the server by number, title or client. */
export const searchSiteEstimates = async (q: string) =>
  (await api.get<SiteEstimateOption[]>("/api/construction-sites/estimate-options", { q, limit: COMBOBOX_LIMIT })).map(toOption);

/** The estimate a site already has (edit), when its label did not come with the site. */
export async function siteEstimateOption(id: string): Promise<ComboboxOption<SiteEstimateOption>> {
  const e = await api.get<{ id: string; number: string; title: string; clientName: string; totalAmount: string }>(
    `/api/estimates/${id}`,
  );
  return toOption(e);
}
