import { pageCursors, idSchema, listQuery, optionalText, versionField } from "./common";
import { dueState, isoDateSchema, optionalIsoDate } from "./dates";
import { documentLineSchema } from "./lines";
import { addMoney, compareMoney, isZeroMoney, moneySchema, percentOf, percentSchema, subMoney } from "./money";
import { documentTypes, paymentSchema, sdiEventSchema, sdiOutcomes, sdiStatusFilters } from "./payments";
import { invoiceStatuses, type InvoiceStatus } from "./statuses";
import {
  documentTreatments,
  lineVatRates,
  naturaCodes,
  vatViewSchema,
} from "./vat/index";
import { z } from "./zod";

// ---- kinds ----------------------------------------------------------------------------------

export const invoiceKinds = ["acconto", "sal", "saldo", "libera"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export const invoiceKindLabels: Record<InvoiceKind, string> = {
  acconto: "Acconto",
  sal: "SAL (stato avanzamento lavori)",
  saldo: "Saldo",
  libera: "Importo libero",
};
export const invoiceKindOptions = invoiceKinds.map((value) => ({ value, label: invoiceKindLabels[value] }));

/** Every kind of document in the invoices sequence: the four above, and the credit note (TD04, docs/domain/invoices.md). */
export const invoiceDocumentKinds = [...invoiceKinds, "nota_credito"] as const;
export type InvoiceDocumentKind = (typeof invoiceDocumentKinds)[number];
export const invoiceDocumentKindLabels: Record<InvoiceDocumentKind, string> = {
  ...invoiceKindLabels,
  nota_credito: "Nota di credito",
};
export const isCreditNote = (inv: { kind: string }) => inv.kind === "nota_credito";

/** The list filter also offers the derived "scaduta" (docs/domain/statuses.md: never stored). */
export const invoiceStatusFilters = [...invoiceStatuses.options, { value: "scaduta", label: "Scaduta" }] as const;

// ---- amounts ------------------------------------------------------------------------------

export interface InvoicingSituation {
  /** Contract value: the accepted estimate's imponibile. */
  contractValue: string;
  /** Imponibile of every invoice already issued on the contract (any status). */
  invoiced: string;
  /** Progress of the linked site(s), 0–100, or null when the estimate has no site. */
  siteProgress: number | null;
}

export type AmountRequest = { kind: InvoiceKind; percent?: string | null; amount?: string | null };

export type AmountResult =
  { ok: true; amount: string } | { ok: false; field: "kind" | "percent" | "amount"; message: string };

/**
 * The imponibile of a new invoice (docs/domain/invoices.md):
 * - acconto: a percentage of the contract value, or an amount;
 * - SAL: site progress × contract value, less what was already invoiced;
 * - saldo: the remainder, i.e. the contract value less every earlier invoice (acconti included);
 * - libera: the amount given.
 * The same function previews the figure in the dialog and fixes it on the server.
 */
export function invoiceAmount(req: AmountRequest, s: InvoicingSituation): AmountResult {
  const remaining = subMoney(s.contractValue, s.invoiced);
  switch (req.kind) {
    case "acconto": {
      if (req.percent && req.amount)
        return {
          ok: false,
          field: "percent",
          message: "Acconto: indica la percentuale oppure l'importo, non entrambi",
        };
      if (req.percent) {
        if (isZeroMoney(req.percent))
          return { ok: false, field: "percent", message: "Percentuale: deve essere maggiore di zero" };
        return positive(percentOf(s.contractValue, req.percent), "percent");
      }
      if (req.amount) return positive(req.amount, "amount");
      return { ok: false, field: "percent", message: "Acconto: indica una percentuale o un importo" };
    }
    case "sal": {
      if (s.siteProgress === null) {
        return { ok: false, field: "kind", message: "SAL: il preventivo del contratto non ha un cantiere collegato" };
      }
      const done = percentOf(s.contractValue, s.siteProgress);
      const due = subMoney(done, s.invoiced);
      if (compareMoney(due, "0") <= 0) {
        return {
          ok: false,
          field: "kind",
          message: `SAL: nulla da fatturare, il ${s.siteProgress}% dei lavori è già coperto dalle fatture emesse`,
        };
      }
      return { ok: true, amount: due };
    }
    case "saldo": {
      if (compareMoney(remaining, "0") <= 0) {
        return { ok: false, field: "kind", message: "Saldo: il valore del contratto è già interamente fatturato" };
      }
      return { ok: true, amount: remaining };
    }
    case "libera":
      if (!req.amount) return { ok: false, field: "amount", message: "Importo: campo obbligatorio" };
      return positive(req.amount, "amount");
  }
}

function positive(amount: string, field: "percent" | "amount"): AmountResult {
  if (compareMoney(amount, "0") <= 0) return { ok: false, field, message: "Importo: deve essere maggiore di zero" };
  return { ok: true, amount };
}

/** True when adding `amount` would bill more than the contract value (allowed only with an explicit override). */
export function exceedsContract(amount: string, s: Pick<InvoicingSituation, "contractValue" | "invoiced">): boolean {
  return compareMoney(addMoney(s.invoiced, amount), s.contractValue) > 0;
}

// ---- transitions --------------------------------------------------------------------------

export const invoiceActions = {
  send: { from: "bozza", to: "inviata", label: "Segna come inviata", done: "Fattura inviata" },
  pay: { from: "inviata", to: "pagata", label: "Registra pagamento", done: "Pagamento registrato" },
} as const satisfies Record<string, { from: InvoiceStatus; to: InvoiceStatus; label: string; done: string }>;
export type InvoiceAction = keyof typeof invoiceActions;

export function invoiceTransitionError(status: InvoiceStatus, action: InvoiceAction): string | null {
  const { from, to } = invoiceActions[action];
  if (status === from) return null;
  return `Impossibile passare la fattura da "${invoiceStatuses.label(status)}" a "${invoiceStatuses.label(to)}": serve lo stato "${invoiceStatuses.label(from)}"`;
}

/** A sent or paid invoice is a fiscal document: its amounts never change, it is never deleted (docs/domain/api.md). */
export const isInvoiceEditable = (status: InvoiceStatus) => status === "bozza";

/** Overdue is derived on the remainder (docs/domain/invoices.md): nothing left to collect, nothing overdue. */
export const invoiceDueState = (
  inv: { dueDate: string; status: InvoiceStatus; kind?: string; remainder?: string },
  today: string,
) =>
  dueState(
    inv.dueDate,
    today,
    inv.status === "pagata" ||
      inv.kind === "nota_credito" ||
      (inv.remainder !== undefined && isZeroMoney(inv.remainder)),
  );

// ---- input --------------------------------------------------------------------------------

/** A key that may be missing altogether: missing, like empty, becomes null. */
const orNull = <T extends z.ZodType>(schema: T) =>
  schema.optional().transform((v) => (v === undefined ? null : v) as Exclude<z.output<T>, undefined> | null);
/**
 * Empty means "not given"; anything else goes through `schema` and keeps its message (a union
 * with "" answered the raw "Input non valido: atteso \"\"" for an acconto of 150 %).
 */
const blankOr = (schema: typeof moneySchema) =>
  z
    .union([z.string(), z.number(), z.null()], { error: "Valore non valido" })
    .optional()
    .transform((v, ctx): string | null => {
      if (v === undefined || v === null || v === "") return null;
      const parsed = schema.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
const optionalAmount = blankOr(moneySchema);
const optionalPercent = blankOr(percentSchema);

function checkDates(v: { issueDate?: string | null; dueDate?: string | null }, ctx: z.RefinementCtx) {
  if (v.issueDate && v.dueDate && v.dueDate < v.issueDate) {
    ctx.addIssue({ code: "custom", path: ["dueDate"], message: "Scadenza: non può precedere la data di emissione" });
  }
}

/**
 * One invoice line as a libera invoice sends it (docs/domain/invoices.md): the one document
 * line of src/domain/lines.ts, the estimate items' too (a negative unit price is a deduction).
 */
export const invoiceLineInputSchema = documentLineSchema;
export type InvoiceLineInput = z.output<typeof invoiceLineInputSchema>;
export const MAX_INVOICE_LINES = 300;
const invoiceLinesInput = z
  .array(invoiceLineInputSchema, { error: "Righe: elenco non valido" })
  .min(1, "Righe: almeno una riga")
  .max(MAX_INVOICE_LINES, `Righe: massimo ${MAX_INVOICE_LINES}`)
  .optional();

export const invoiceCreateSchema = z
  .object({
    contractId: idSchema.or(z.literal("")).refine((v) => v !== "", "Contratto: campo obbligatorio"),
    kind: z.enum(invoiceKinds, { error: "Tipo fattura: scegli acconto, SAL, saldo o importo libero" }),
    percent: optionalPercent,
    amount: optionalAmount,
    /** Saldo (always) and libera: the estimate's lines; the saldo adds one "A dedurre" line per earlier invoice. */
    fromEstimateLines: z.boolean({ error: "Righe del preventivo: sì o no" }).optional(),
    /** A libera invoice may send its lines. */
    lines: invoiceLinesInput,
    issueDate: orNull(optionalIsoDate),
    dueDate: orNull(optionalIsoDate),
    notes: optionalText("Note", 2000),
    /** Bill beyond the contract value on purpose (variants, extras). */
    override: z.boolean().default(false),
  })
  .superRefine(checkDates);
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;
export type InvoiceCreateValues = z.output<typeof invoiceCreateSchema>;

/** A draft can be corrected: amount (or a libera's lines), dates and notes; the lines follow. */
export const invoiceUpdateSchema = z
  .object({
    amount: optionalAmount,
    lines: invoiceLinesInput,
    issueDate: isoDateSchema,
    dueDate: isoDateSchema,
    notes: optionalText("Note", 2000),
    override: z.boolean().default(false),
    version: versionField,
  })
  .superRefine(checkDates);
export type InvoiceUpdateValues = z.output<typeof invoiceUpdateSchema>;

export const invoicePaySchema = z.object({ paidDate: isoDateSchema });

// ---- output -------------------------------------------------------------------------------

export const invoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string().nullable(),
  unitPrice: z.string(),
  vatRate: z.enum(lineVatRates),
  natura: z.enum(naturaCodes).nullable(),
  significantGood: z.boolean(),
  lineTotal: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: idSchema,
  /** Given at issue; null on a draft (docs/decisions/008-invoice-number-at-issue.md). */
  number: z.string().nullable(),
  year: z.number().int().nullable(),
  sequence: z.number().int().nullable(),
  contractId: idSchema,
  kind: z.enum(invoiceDocumentKinds),
  amount: z.string(),
  treatment: z.enum(documentTreatments),
  vatAmount: z.string(),
  stampDuty: z.string(),
  totalAmount: z.string(),
  /** Ritenuta withheld by a condominio; netToPay is what the client transfers. */
  withholding: z.string(),
  netToPay: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  paidDate: z.string().nullable(),
  status: z.enum(invoiceStatuses.values),
  notes: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Sum of the payments and of the credit notes on this invoice (docs/domain/invoices.md). */
  paidAmount: z.string(),
  creditedAmount: z.string(),
  /** The latest SdI outcome since the last transmission; null: none recorded. */
  sdiStatus: z.enum(sdiOutcomes).nullable(),
  transmission: z.number().int(),
  creditedInvoiceId: idSchema.nullable(),
  remindersSent: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const dueStateSchema = z.enum(["overdue", "due-soon"]).nullable();

export const invoiceListItemSchema = invoiceSchema.omit({ notes: true }).extend({
  remainder: z.string(),
  contractNumber: z.string(),
  clientId: idSchema,
  clientName: z.string(),
  dueState: dueStateSchema,
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceListQuerySchema = listQuery([
  "number",
  "issueDate",
  "dueDate",
  "amount",
  "totalAmount",
  "status",
] as const).extend({
  ...pageCursors,
  status: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum([...invoiceStatuses.values, "scaduta"], { error: "Stato non valido" }).optional(),
  ),
  contractId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  clientId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  /** Issue date range. */
  from: z.preprocess((v) => (v === "" ? undefined : v), optionalIsoDate.optional()),
  to: z.preprocess((v) => (v === "" ? undefined : v), optionalIsoDate.optional()),
  sdiStatus: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(sdiStatusFilters, { error: "Stato SdI non valido" }).optional(),
  ),
  type: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(documentTypes, { error: "Tipo: scegli fattura o nota di credito" }).optional(),
  ),
});
export type InvoiceListParams = Partial<z.output<typeof invoiceListQuerySchema>>;

/** The filtered list's totals, computed in SQL over every matching row (not only the page). */
export const invoiceTotalsSchema = z.object({
  count: z.number().int(),
  amount: z.string(),
  totalAmount: z.string(),
  remainder: z.string(),
});
export type InvoiceListTotals = z.infer<typeof invoiceTotalsSchema>;

export const invoiceDetailSchema = invoiceSchema.extend({
  /** sha256 of the PDF and FatturaPA stored when the invoice was issued (null on drafts). */
  pdfSha256: z.string().nullable(),
  xmlSha256: z.string().nullable(),
  dueState: dueStateSchema,
  remainder: z.string(),
  payments: z.array(paymentSchema),
  sdiEvents: z.array(sdiEventSchema),
  creditReason: z.string().nullable(),
  /** A credit note's original invoice. */
  creditedInvoice: z.object({ id: idSchema, number: z.string().nullable(), issueDate: z.string() }).nullable(),
  /** The credit notes issued on this invoice. */
  creditNotes: z.array(
    z.object({ id: idSchema, number: z.string().nullable(), issueDate: z.string(), totalAmount: z.string() }),
  ),
  /** Days past due and reminders, for "Invia sollecito". */
  daysPastDue: z.number().int(),
  editable: z.boolean(),
  lines: z.array(invoiceLineSchema),
  /** The engine's summary: one riepilogo per rate or natura, beni significativi, notes. */
  vat: vatViewSchema.nullable(),
  contract: z.object({ id: idSchema, number: z.string(), status: z.string(), signedDate: z.string().nullable() }),
  estimate: z.object({ id: idSchema, number: z.string(), title: z.string(), totalAmount: z.string() }),
  client: z.object({
    id: idSchema,
    name: z.string(),
    type: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    zipCode: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    vatNumber: z.string().nullable(),
    fiscalCode: z.string().nullable(),
  }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** "Fattura FAT-2026-001", or "Bozza di fattura" before it is issued and numbered. */
export const invoiceTitle = (inv: { number: string | null; kind?: string }) =>
  inv.kind === "nota_credito"
    ? `Nota di credito ${inv.number ?? ""}`.trim()
    : inv.number
      ? `Fattura ${inv.number}`
      : "Bozza di fattura";
/** The number, or "bozza" where a short reference is printed (lists, activity). */
export const invoiceRef = (inv: { number: string | null }) => inv.number ?? "bozza";

/**
 * The descriptive line of an acconto, a SAL or a free amount (docs/domain/invoices.md). The estimate's title
 * is at most 200 characters, so the sentence always fits FatturaPA's 1,000.
 */
export function invoiceLineDescription(
  kind: InvoiceDocumentKind,
  ctx: {
    contractNumber: string;
    estimateNumber: string;
    estimateTitle: string;
    siteProgress?: number | null;
    salPhase?: number | null;
  },
): string {
  const ref = `contratto ${ctx.contractNumber} (preventivo ${ctx.estimateNumber}: ${ctx.estimateTitle})`;
  switch (kind) {
    case "acconto":
      return `Acconto sui lavori di cui al ${ref}`;
    case "sal":
      return `Stato avanzamento lavori n. ${ctx.salPhase ?? 1}${ctx.siteProgress != null ? ` (lavori eseguiti al ${ctx.siteProgress}%)` : ""} di cui al ${ref}`;
    case "saldo":
      return `Saldo dei lavori di cui al ${ref}`;
    case "libera":
      return `Lavori di cui al ${ref}`;
    case "nota_credito":
      return `Nota di credito sui lavori di cui al ${ref}`;
  }
}

/** Default payment term when the settings say nothing (specification: 30 days). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
