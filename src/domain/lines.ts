import { FATTURA_LIMITS, fatturaLimitMessage, fitsFattura } from "./fatturapa";
import { compareMoney, lineTotal } from "./money";
import { checkLineNatura, lineQuantitySchema, lineUnitPriceSchema, lineVatRateSchema, naturaSchema } from "./vat/index";
import { z } from "./zod";

// One line of a document (docs/domain/invoices.md): the fields, limits and checks shared by
// estimate items and invoice lines, so the two forms and their routes refuse the same input with
// the same Italian message. Each document adds only what is its own (an estimate's catalogue
// service and notes, an invoice's negative deduction lines).

/** numeric(10,2): the largest line total (in absolute value) a document can hold. */
export const MAX_LINE_AMOUNT = "99999999.99";
export const LINE_TOTAL_ERROR = "Totale riga troppo alto (massimo 99.999.999,99 €)";
export const LINE_DESCRIPTION_MAX = 5000;

const fitsDescription = fitsFattura(FATTURA_LIMITS.descrizione);
const descriptionLimit = fatturaLimitMessage("Descrizione", FATTURA_LIMITS.descrizione);

/** A line's description: within FatturaPA's Descrizione (1,000), refused beyond, never cut. */
export const lineDescriptionSchema = z
  .string({ error: "Descrizione: campo obbligatorio" })
  .trim()
  .min(1, "Descrizione: campo obbligatorio")
  .max(LINE_DESCRIPTION_MAX, `Descrizione: massimo ${LINE_DESCRIPTION_MAX} caratteri`)
  .refine(fitsDescription, descriptionLimit);

/** The same, optional (an estimate line of a catalogue service takes the service's). */
export const optionalLineDescriptionSchema = z
  .string()
  .trim()
  .max(LINE_DESCRIPTION_MAX, `Descrizione: massimo ${LINE_DESCRIPTION_MAX} caratteri`)
  .refine(fitsDescription, descriptionLimit)
  .nullish()
  .transform((v) => (v ? v : null));

/** Unità di misura: up to FatturaPA's 10 characters; empty → null (the document's default). */
export const lineUnitSchema = z
  .string({ error: "Unità: valore non valido" })
  .trim()
  .max(FATTURA_LIMITS.unitaMisura, fatturaLimitMessage("Unità", FATTURA_LIMITS.unitaMisura))
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * The fields every document line has. Quantity up to 3 decimals, unit price up to 4 (negative
 * allowed here: an invoice's deduction lines; an estimate refuses it). An omitted rate is the
 * rate of a new line (client type and the company's default), chosen by the server.
 */
export const documentLineFields = z.object({
  description: lineDescriptionSchema,
  quantity: lineQuantitySchema,
  unit: lineUnitSchema,
  unitPrice: lineUnitPriceSchema,
  vatRate: lineVatRateSchema.nullish().transform((v) => v ?? null),
  natura: naturaSchema.nullish().transform((v) => v ?? null),
  significantGood: z.boolean({ error: "Bene significativo: sì o no" }).default(false),
});
export type DocumentLineValues = z.output<typeof documentLineFields>;

/** quantity × unit price, half up to the cent, within the column (a deduction counts by its size). */
export function lineWithinLimit(line: { quantity: string; unitPrice: string }): boolean {
  const total = lineTotal(line.quantity, line.unitPrice).replace(/^-/, "");
  return compareMoney(total, MAX_LINE_AMOUNT) <= 0;
}

/** The checks of every line: natura iff rate 0 (SdI 00400/00401), total within the limit. */
export function checkDocumentLine(
  line: { quantity: string; unitPrice: string; vatRate: string | null; natura: string | null },
  ctx: z.RefinementCtx,
) {
  if (!lineWithinLimit(line)) ctx.addIssue({ code: "custom", path: ["unitPrice"], message: LINE_TOTAL_ERROR });
  checkLineNatura(line, ctx);
}

/** One line as an invoice takes it (a libera's explicit lines). */
export const documentLineSchema = documentLineFields.superRefine(checkDocumentLine);
