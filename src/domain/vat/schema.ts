import { z } from "../zod";
import { LINE_QUANTITY_RE, LINE_UNIT_PRICE_RE } from "./rules";
import { documentTreatments, lineVatRates, naturaCodes, vatClientTypes } from "./types";

// zod schemas for the VAT fields of estimate items and invoice lines (docs/domain/vat.md), so routes and
// forms refuse bad input with an Italian message before the engine runs. Same formats as
// computeVat accepts: quantity ≤ 3 decimals, unit price ≤ 4 decimals (negative for deductions).

export const lineVatRateSchema = z.enum(lineVatRates, { error: "Aliquota IVA: scegli 22, 10, 4 o 0%" });

export const naturaSchema = z.enum(naturaCodes, {
  error: "Natura IVA non valida (usa i sottocodici, es. N2.2, N3.5, N4, N6.3)",
});

export const documentTreatmentSchema = z.enum(documentTreatments, {
  error: "Trattamento IVA: ordinario, inversione contabile o scissione dei pagamenti",
});

export const vatClientTypeSchema = z.enum(vatClientTypes, {
  error: "Tipo cliente: scegli Privato, Azienda, Condominio o Ente pubblico",
});

const decimalText = (re: RegExp, message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    // Italian users type "1,5"; numbers go through String() like money.ts does.
    const text = (typeof value === "number" ? String(value) : value).trim().replace(",", ".");
    if (!re.test(text)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return text;
  });

export const LINE_QUANTITY_ERROR = "Quantità non valida (numero non negativo, max 3 decimali)";
export const LINE_UNIT_PRICE_ERROR = "Prezzo unitario non valido (max 4 decimali)";

/** "1,5" → "1.5"; up to 9 integer digits and 3 decimals, never negative (FatturaPA Quantita). */
export const lineQuantitySchema = decimalText(LINE_QUANTITY_RE, LINE_QUANTITY_ERROR);
/** "12,3456" → "12.3456"; may be negative for a deduction line. */
export const lineUnitPriceSchema = decimalText(LINE_UNIT_PRICE_RE, LINE_UNIT_PRICE_ERROR);

export const NATURA_REQUIRED_ERROR =
  "Natura IVA: con aliquota 0% indica la natura (il motivo per cui l'IVA non si applica)";
export const NATURA_NOT_ALLOWED_ERROR = "Natura IVA: si indica solo con aliquota 0%";

/**
 * Natura is required iff the rate is 0 (SdI 00400/00401): the error sits on `natura`, where the
 * user fixes it. A rate left empty (the server chooses it) is never 0, so it takes no natura.
 * The one check of every line of every document (estimate items, invoice lines).
 */
export function checkLineNatura(
  line: { vatRate: string | null | undefined; natura: string | null | undefined },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (line.vatRate === "0" && !line.natura)
    ctx.addIssue({ code: "custom", path: [...path, "natura"], message: NATURA_REQUIRED_ERROR });
  if (line.vatRate !== "0" && line.natura)
    ctx.addIssue({ code: "custom", path: [...path, "natura"], message: NATURA_NOT_ALLOWED_ERROR });
}

/** The VAT fields of one line, rate required. */
export const vatLineFieldsSchema = z
  .object({
    vatRate: lineVatRateSchema,
    natura: naturaSchema.nullable().default(null),
    significantGood: z.boolean({ error: "Bene significativo: sì o no" }).default(false),
  })
  .superRefine((line, ctx) => checkLineNatura(line, ctx));

/** What a screen shows of a computed document (the server's VatResult, trimmed). */
export const vatViewSchema = z.object({
  formato: z.enum(["FPR12", "FPA12"]),
  treatment: z.enum(documentTreatments),
  summaries: z.array(
    z.object({
      rate: z.string(),
      natura: z.string().nullable(),
      imponibile: z.string(),
      imposta: z.string(),
      esigibilita: z.enum(["I", "S"]),
    }),
  ),
  significantGoods: z
    .object({ goodsValue: z.string(), restOfWork: z.string(), reducedRatePart: z.string(), fullRatePart: z.string() })
    .nullable(),
  totals: z.object({
    imponibile: z.string(),
    imposta: z.string(),
    bollo: z.string(),
    total: z.string(),
    ritenuta: z.string(),
    splitPaymentVat: z.string(),
    netToPay: z.string(),
  }),
  notes: z.array(z.object({ code: z.string(), text: z.string() })),
});
export type VatView = z.infer<typeof vatViewSchema>;
