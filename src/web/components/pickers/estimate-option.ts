import { formatEuro } from "@domain/format";
import type { ComboboxOption } from "./async-combobox";

/** What an accepted-estimate choice shows ("Nuovo cantiere", "Nuovo contratto"). */
export type EstimateOptionFields = { id: string; number: string; title: string; clientName: string; totalAmount: string };

/** An accepted estimate as a picker lists it: number and title, then client and total. */
export const toEstimateOption = <T extends EstimateOptionFields>(e: T): ComboboxOption<T> => ({
  id: e.id,
  label: `${e.number} · ${e.title}`,
  detail: `${e.clientName} · ${formatEuro(e.totalAmount)}`,
  item: e,
});
