import { addMoney, compareMoney, isZeroMoney, normalizeMoney, vatOf } from "./money";
import { vatTreatments, type VatTreatment } from "./statuses";
import { z } from "./zod";

// VAT (IVA) of decisions §5: every estimate and invoice carries one treatment. Rates are kept
// as decimal strings ("22.00", the form FatturaPA's AliquotaIVA uses) so no float ever touches
// a tax computation.

export { vatTreatments, defaultVatTreatment, type VatTreatment } from "./statuses";

// The per-line VAT engine of decisions §8 (src/domain/vat/). The one-treatment-per-document API
// below is the first round's and stays for its callers until they move to computeVat.
export * from "./vat/index";

/** Natura of a zero-rate operation: N6.3 is reverse charge for construction subcontracting. */
export type VatNatura = "N6.3";

/** Printed on every reverse-charge document: the buyer pays the VAT, the law must be cited. */
export const REVERSE_CHARGE_NOTE =
  "Operazione soggetta a inversione contabile (reverse charge) ai sensi dell'art. 17, comma 6, lettera a), del D.P.R. 633/1972: l'imposta è dovuta dal committente.";

const RATES: Record<VatTreatment, string> = { "22": "22.00", "10": "10.00", "4": "4.00", rc: "0.00" };

export const vatTreatmentSchema = z.enum(vatTreatments.values, {
  error: "Trattamento IVA: scegli 22%, 10%, 4% o inversione contabile",
});

/** The rate in percent, as a two-decimal string: "22.00", "10.00", "4.00", "0.00" for reverse charge. */
export function vatRate(treatment: VatTreatment): string {
  return RATES[treatment];
}

export function vatNatura(treatment: VatTreatment): VatNatura | null {
  return treatment === "rc" ? "N6.3" : null;
}

/** The sentence a document prints under its totals, or null when the rate speaks for itself. */
export function vatLegalNote(treatment: VatTreatment): string | null {
  return treatment === "rc" ? REVERSE_CHARGE_NOTE : null;
}

/** Short label for the VAT row of a totals block: "IVA 22%" or "IVA (inversione contabile N6.3)". */
export function vatRowLabel(treatment: VatTreatment): string {
  return treatment === "rc" ? "IVA (inversione contabile N6.3)" : `IVA ${treatment}%`;
}

export interface DocumentTotals {
  /** Taxable amount, two decimals. */
  imponibile: string;
  /** Rate in percent, "22.00". */
  vatRate: string;
  vatAmount: string;
  natura: VatNatura | null;
  /** imponibile + vatAmount (stamp duty, when due, is added by the document on top). */
  total: string;
}

/** Imponibile, IVA and Totale of a document: VAT rounded half up to the cent once, on the whole. */
export function documentTotals(imponibile: string, treatment: VatTreatment): DocumentTotals {
  const base = normalizeMoney(imponibile);
  const rate = vatRate(treatment);
  const vatAmount = vatOf(base, rate);
  return { imponibile: base, vatRate: rate, vatAmount, natura: vatNatura(treatment), total: addMoney(base, vatAmount) };
}

// ---- stamp duty (imposta di bollo) ---------------------------------------------------------

/** Above this amount a document without VAT carries the stamp duty (DPR 642/1972). */
export const STAMP_DUTY_THRESHOLD = "77.47";
export const STAMP_DUTY_AMOUNT = "2.00";

/**
 * Decisions §5: a document with no VAT whose total exceeds 77.47 € carries the 2.00 € bollo
 * virtuale. "Exceeds" is strict: exactly 77.47 € is exempt.
 */
export function stampDutyDue(totals: Pick<DocumentTotals, "vatAmount" | "total">): boolean {
  return isZeroMoney(totals.vatAmount) && compareMoney(totals.total, STAMP_DUTY_THRESHOLD) > 0;
}

/** "2.00" when the bollo is due, otherwise "0.00". */
export function stampDutyAmount(totals: Pick<DocumentTotals, "vatAmount" | "total">): string {
  return stampDutyDue(totals) ? STAMP_DUTY_AMOUNT : "0.00";
}
