import { formatEuro } from "../format";
import type { ReverseChargeNatura } from "./types";

// Italian sentences the PDF prints under the totals, one per case that the law requires to be
// stated. They are for the PDF (UTF-8): the FatturaPA uses the ASCII references of rules.ts,
// because its text fields are Latin-1 and "–" (en dash) is not.

/** Reverse charge: issued without VAT, citing the norm (art. 17 c. 5, applied by c. 6, DPR 633/72). */
export const REVERSE_CHARGE_WORDING: Record<ReverseChargeNatura, string> = {
  "N6.3": "Inversione contabile – art. 17 c. 6 lett. a) DPR 633/72",
  "N6.7": "Inversione contabile – art. 17 c. 6 lett. a-ter) DPR 633/72",
};
/** Any other N6.x line (rare in building work). */
export const REVERSE_CHARGE_GENERIC_WORDING = "Inversione contabile – art. 17 DPR 633/72";

/** Split payment: the invoice must carry this annotation (DM 23/01/2015 art. 2). */
export const SPLIT_PAYMENT_WORDING = "Scissione dei pagamenti – art. 17-ter DPR 633/72";

/** Bollo on electronic invoices is paid virtually (DM 17/06/2014 art. 6). */
export const BOLLO_WORDING = "Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014";

/**
 * Forfettario: no VAT is charged (L. 190/2014 c. 58 lett. a)); the invoice states why, citing the
 * regime, as the Agenzia's instructions and common practice require.
 */
export const FORFETTARIO_WORDING =
  "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 – regime forfettario";

/** Forfettario and condominio: the fee is not subject to the withholding (L. 190/2014 c. 67). */
export const FORFETTARIO_NO_RITENUTA_WORDING =
  "Compenso non soggetto a ritenuta d'acconto ai sensi dell'art. 1, comma 67, della Legge n. 190/2014";

/**
 * Beni significativi: L. 205/2017 c. 19 requires the invoice to state, besides the service, the
 * value of the significant goods supplied within it; the split shows which part is at 10 %.
 */
export function significantGoodsWording(split: { goodsValue: string; reducedRatePart: string; fullRatePart: string }): string {
  const base = `Beni significativi (DM 29/12/1999) compresi nella prestazione: valore ${formatEuro(split.goodsValue)}`;
  const rest =
    split.fullRatePart === "0.00"
      ? `, interamente con IVA 10% (non superiore al valore della restante parte della prestazione)`
      : `, di cui ${formatEuro(split.reducedRatePart)} con IVA 10% e ${formatEuro(split.fullRatePart)} con IVA 22%`;
  return `${base}${rest} – art. 1 c. 19 L. 205/2017`;
}

/** Condominio: the withholding and the net amount the client actually transfers. */
export function ritenutaWording(r: { base: string; importo: string }, netToPay: string): string {
  return `Ritenuta d'acconto 4% ai sensi dell'art. 25-ter DPR 600/73 su ${formatEuro(r.base)}: ${formatEuro(r.importo)} – netto a pagare ${formatEuro(netToPay)}`;
}

/** Row label of a summary for screens and PDFs: "IVA 22%", "N6.3 – Inversione contabile". */
export function summaryLabel(rate: string, natura: string | null): string {
  if (natura) return `${natura} – ${NATURA_LABELS[natura] ?? "Operazione senza IVA"}`;
  return `IVA ${rate.replace(/\.00$/, "")}%`;
}

const NATURA_LABELS: Record<string, string> = {
  N1: "Esclusa art. 15",
  "N2.1": "Non soggetta (artt. 7-7-septies)",
  "N2.2": "Non soggetta",
  "N3.1": "Non imponibile – esportazioni",
  "N3.2": "Non imponibile – cessioni intracomunitarie",
  "N3.3": "Non imponibile – San Marino",
  "N3.4": "Non imponibile – operazioni assimilate",
  "N3.5": "Non imponibile – dichiarazione d'intento",
  "N3.6": "Non imponibile – altre operazioni",
  N4: "Esente",
  N5: "Regime del margine",
  "N6.1": "Inversione contabile – rottami",
  "N6.2": "Inversione contabile – oro e argento",
  "N6.3": "Inversione contabile – subappalto edile",
  "N6.4": "Inversione contabile – cessione di fabbricati",
  "N6.5": "Inversione contabile – telefoni cellulari",
  "N6.6": "Inversione contabile – prodotti elettronici",
  "N6.7": "Inversione contabile – comparto edile",
  "N6.8": "Inversione contabile – settore energetico",
  "N6.9": "Inversione contabile – altri casi",
  N7: "IVA assolta in altro stato UE",
};
