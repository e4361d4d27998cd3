import { pageCursors, idSchema, intLike, listQuery, optionalText, requiredText, versionField } from "./common";
import { DEFAULT_VALIDITY_DAYS } from "./catalogue";
import { addDays, expiryState, type ExpiryState } from "./dates";
import { checkDocumentLine, documentLineFields, lineUnitSchema, lineWithinLimit, MAX_LINE_AMOUNT, optionalLineDescriptionSchema } from "./lines";
import { compareMoney, lineTotal, splitMaterialsLabour, sumMoney } from "./money";
import { estimateStatuses, type EstimateStatus } from "./statuses";
import {
  documentTreatmentSchema,
  documentTreatments,
  documentVat,
  isVatError,
  LINE_QUANTITY_RE,
  LINE_UNIT_PRICE_RE,
  lineUnitPriceSchema,
  lineVatRates,
  naturaCodes,
  type DocumentVatContext,
  type LineVatRate,
  type Natura,
  type VatLineInput,
  type VatResult,
  vatViewSchema,
} from "./vat/index";
import { z } from "./zod";

// Estimates (preventivi): one schema for the form and the route, the exact totals shared by the
// live preview and the server, and the allowed state changes (docs/domain/api.md, docs/domain/invoices.md).

// ---- totals -------------------------------------------------------------------------------

/** numeric(10,2): the largest imponibile an estimate (or one line) can hold. */
export const MAX_ESTIMATE_AMOUNT = MAX_LINE_AMOUNT;
export const MAX_ESTIMATE_ITEMS = 200;
export const DEFAULT_ESTIMATE_UNIT = "mq";

export interface EstimateTotals {
  /** quantity × unit price of each line, half up to the cent. */
  lines: string[];
  linesTotal: string;
  /** Total of the attached confermato order, "0.00" when none. */
  orderTotal: string;
  /** Imponibile = lines + order (stored as totalAmount). */
  totalAmount: string;
  /** 60 % of the imponibile; labour is the remainder so the two add up exactly. */
  materialsCost: string;
  laborCost: string;
  /** The engine's result (src/domain/vat/), or null when the lines cannot be computed yet. */
  vat: VatResult | null;
  /** The engine's refusal of the lines as they are (reverse charge for a privato…), in Italian. */
  vatError: { field: string; message: string } | null;
}

type LineLike = {
  description?: unknown;
  quantity?: unknown;
  unitPrice?: unknown;
  vatRate?: unknown;
  natura?: unknown;
  significantGood?: unknown;
};

/** A value typed in a form ("12,5", "", 3) matching `re`, or null when it is not one yet. */
function decimalOrNull(value: unknown, re: RegExp = /^\d+(\.\d+)?$/): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim().replace(",", ".");
  return re.test(text) ? text : null;
}

/** Line total of a possibly half-typed line: "0.00" until both numbers are valid. */
export function previewLineTotal(line: LineLike): string {
  const q = decimalOrNull(line.quantity);
  const p = decimalOrNull(line.unitPrice);
  return q !== null && p !== null ? lineTotal(q, p) : "0.00";
}

/** A line as the engine takes it; a half-typed number counts as zero (live preview). */
export function estimateVatLine(line: LineLike, fallbackRate: LineVatRate): VatLineInput {
  const rate = (lineVatRates as readonly unknown[]).includes(line.vatRate)
    ? (line.vatRate as LineVatRate)
    : fallbackRate;
  const natura = (naturaCodes as readonly unknown[]).includes(line.natura) ? (line.natura as Natura) : null;
  return {
    description: typeof line.description === "string" ? line.description : "",
    quantity: decimalOrNull(line.quantity, LINE_QUANTITY_RE) ?? "0",
    unitPrice: decimalOrNull(line.unitPrice, LINE_UNIT_PRICE_RE) ?? "0",
    vatRate: rate,
    natura: rate === "0" ? natura : null,
    significantGood: line.significantGood === true,
  };
}

/**
 * The attached order's materials as a line of the VAT computation: it is part of the imponibile
 * (docs/domain/vat.md) and takes the rate of the estimate's first line (the work it belongs to).
 */
export function orderVatLine(
  orderTotal: string,
  lines: readonly VatLineInput[],
  fallbackRate: LineVatRate,
): VatLineInput {
  const first = lines[0];
  return {
    description: "Materiali dell'ordine collegato",
    quantity: "1",
    unitPrice: orderTotal,
    vatRate: first?.vatRate ?? fallbackRate,
    natura: first?.natura ?? null,
    significantGood: false,
  };
}

/** The engine's lines of an estimate: its lines, then the attached order's materials. */
export function estimateVatLines(
  lines: readonly LineLike[],
  orderTotal: string | null | undefined,
  fallbackRate: LineVatRate,
): VatLineInput[] {
  const vatLines = lines.map((l) => estimateVatLine(l, fallbackRate));
  const order = decimalOrNull(orderTotal);
  if (order !== null && compareMoney(lineTotal(order, "1"), "0.00") > 0)
    vatLines.push(orderVatLine(lineTotal(order, "1"), vatLines, fallbackRate));
  return vatLines;
}

/**
 * Every figure of an estimate, in exact arithmetic, through the one VAT engine (docs/domain/vat.md).
 * The server calls it with validated lines and stores the result; the form's live preview calls
 * it with what is being typed, where a line that is not a number yet counts as zero.
 */
export function computeEstimateTotals(
  lines: readonly LineLike[],
  orderTotal: string | null | undefined,
  ctx: DocumentVatContext,
  fallbackRate: LineVatRate,
): EstimateTotals {
  const lineTotals = lines.map(previewLineTotal);
  const linesTotal = sumMoney(lineTotals);
  const order = decimalOrNull(orderTotal) ?? "0";
  const totalAmount = sumMoney([linesTotal, lineTotal(order, "1")]);
  const { materials, labour } = splitMaterialsLabour(totalAmount);
  let vat: VatResult | null = null;
  let vatError: EstimateTotals["vatError"] = null;
  try {
    vat = documentVat(ctx, estimateVatLines(lines, orderTotal, fallbackRate));
  } catch (error) {
    if (!isVatError(error)) throw error;
    vatError = { field: error.field.replace(/^lines\[(\d+)\]/, "items.$1"), message: error.message };
  }
  return {
    lines: lineTotals,
    linesTotal,
    orderTotal: lineTotal(order, "1"),
    totalAmount,
    materialsCost: materials,
    laborCost: labour,
    vat,
    vatError,
  };
}

/** "Cliente · descrizione" as the form fills it from a catalogue service (docs/domain/screens.md). */
export function serviceLineDescription(service: { name: string; description?: string | null }): string {
  const extra = service.description?.trim();
  return extra ? `${service.name} - ${extra}` : service.name;
}

/** Expiry day: creation day + validity days (docs/domain/screens.md). */
export function estimateExpiresAt(createdOn: string, validityDays: number): string {
  return addDays(createdOn, validityDays);
}

// ---- input ----------------------------------------------------------------------------------

const optionalId = (label: string) =>
  z
    .union([z.literal(""), idSchema], { error: `${label}: identificativo non valido` })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * One line: the shared document line (src/domain/lines.ts) and what is an estimate's own — a
 * catalogue service (its description may be left empty: the server fills it from the service),
 * notes, a unit defaulting to "mq", a unit price never negative. A total sent is ignored.
 */
export const estimateItemFields = documentLineFields.extend({
  serviceId: optionalId("Servizio"),
  description: optionalLineDescriptionSchema,
  /** Up to 4 decimals, never negative on an estimate. */
  unitPrice: lineUnitPriceSchema.refine((v) => !v.startsWith("-"), "Prezzo unitario: non può essere negativo"),
  unit: lineUnitSchema.transform((v) => v ?? DEFAULT_ESTIMATE_UNIT),
  notes: optionalText("Note", 1000),
});

type ItemFields = z.output<typeof estimateItemFields>;
function checkItem(item: ItemFields, ctx: z.RefinementCtx) {
  if (!item.serviceId && !item.description) {
    ctx.addIssue({
      code: "custom",
      path: ["description"],
      message: "Descrizione: scegli un servizio o scrivi una descrizione",
    });
  }
  checkDocumentLine(item, ctx);
}

export const estimateItemInputSchema = estimateItemFields.superRefine(checkItem);
export type EstimateItemInput = z.input<typeof estimateItemInputSchema>;
export type EstimateItemValues = z.output<typeof estimateItemInputSchema>;

/** The separate item routes (docs/domain/api.md) name the estimate in the body. */
export const estimateItemCreateSchema = estimateItemFields.extend({ estimateId: idSchema }).superRefine(checkItem);
/** PUT /api/estimate-items/{id}: the line's fields; estimateId, when sent, must be its own. */
export const estimateItemUpdateSchema = estimateItemFields
  .extend({ estimateId: idSchema.optional() })
  .superRefine(checkItem);
export const estimateItemListQuerySchema = z.object({ estimateId: idSchema });

const estimateFields = z.object({
  clientId: z.uuid({ error: "Cliente: campo obbligatorio" }),
  surveyId: optionalId("Sopralluogo"),
  orderId: optionalId("Ordine"),
  title: requiredText("Titolo", 200),
  description: requiredText("Descrizione", 5000),
  validityDays: intLike("Validità (giorni)", 1, 3650).default(DEFAULT_VALIDITY_DAYS),
  /** Reverse charge only by the office's choice and for a client with partita IVA (docs/domain/vat.md). */
  treatment: z
    .union([z.literal(""), documentTreatmentSchema])
    .nullish()
    .transform((v) => (v ? v : "ordinary")),
  items: z
    .array(estimateItemInputSchema, { error: "Voci: elenco non valido" })
    .max(MAX_ESTIMATE_ITEMS, `Voci: massimo ${MAX_ESTIMATE_ITEMS} righe`)
    .default([]),
});

function checkEstimate(value: z.output<typeof estimateFields>, ctx: z.RefinementCtx) {
  const lines = value.items.filter(lineWithinLimit);
  if (
    lines.length === value.items.length &&
    compareMoney(sumMoney(lines.map((l) => lineTotal(l.quantity, l.unitPrice))), MAX_ESTIMATE_AMOUNT) > 0
  ) {
    ctx.addIssue({ code: "custom", path: ["items"], message: "Voci: il totale del preventivo supera 99.999.999,99 €" });
  }
}

/** What a user may send: no number, no totals, no status (the server decides them). */
export const estimateInputSchema = estimateFields.superRefine(checkEstimate);
export type EstimateInput = z.input<typeof estimateInputSchema>;
export type EstimateValues = z.output<typeof estimateInputSchema>;

export const estimateUpdateSchema = estimateFields.extend({ version: versionField }).superRefine(checkEstimate);
export type EstimateUpdateValues = z.output<typeof estimateUpdateSchema>;

/** "Accetta Preventivo": the signatory types their name. */
export const estimateAcceptSchema = z.object({
  signedBy: requiredText("Nome e cognome del firmatario", 200),
  version: versionField.optional(),
});
export const estimateRequestChangesSchema = z.object({ message: requiredText("Messaggio", 5000) });
export const estimateActionSchema = z.object({ version: versionField.optional() });

// ---- output ---------------------------------------------------------------------------------

const money = z.string();

export const estimateItemSchema = z.object({
  id: idSchema,
  estimateId: idSchema,
  position: z.number().int(),
  serviceId: idSchema.nullable(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  totalPrice: money,
  unit: z.string(),
  notes: z.string().nullable(),
  vatRate: z.enum(lineVatRates),
  natura: z.enum(naturaCodes).nullable(),
  significantGood: z.boolean(),
  createdAt: z.string(),
});
export type EstimateItem = z.infer<typeof estimateItemSchema>;

export const estimateSchema = z.object({
  id: idSchema,
  number: z.string(),
  clientId: idSchema,
  clientName: z.string(),
  surveyId: idSchema.nullable(),
  orderId: idSchema.nullable(),
  title: z.string(),
  description: z.string(),
  materialsCost: money,
  laborCost: money,
  totalAmount: money,
  treatment: z.enum(documentTreatments),
  vatAmount: money,
  stampDuty: money,
  grossTotal: money,
  withholding: money,
  netToPay: money,
  validityDays: z.number().int(),
  status: z.enum(estimateStatuses.values),
  expiresAt: z.string(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Estimate = z.infer<typeof estimateSchema>;

/** The detail screen (admin and portal): the estimate, its lines and what hangs off it. */
export const estimateDetailSchema = estimateSchema.extend({
  acceptedIp: z.string().nullable(),
  items: z.array(estimateItemSchema),
  /** The engine's summary of the stored lines (riepilogo per rate, beni significativi, notes). */
  vat: vatViewSchema.nullable(),
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
    withholdingAgent: z.boolean(),
  }),
  survey: z.object({ id: idSchema, date: z.string(), address: z.string(), status: z.string() }).nullable(),
  order: z
    .object({ id: idSchema, number: z.string(), title: z.string(), totalAmount: money, status: z.string() })
    .nullable(),
  contracts: z.array(
    z.object({
      id: idSchema,
      number: z.string(),
      status: z.string(),
      signedDate: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  sites: z.array(z.object({ id: idSchema, name: z.string(), status: z.string(), progress: z.number() })),
});
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;

export const estimateSortKeys = [
  "number",
  "createdAt",
  "totalAmount",
  "title",
  "status",
  "clientName",
  "expiresAt",
] as const;
export const estimateListQuerySchema = listQuery(estimateSortKeys).extend({
  ...pageCursors,
  status: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(estimateStatuses.values, { error: "Stato: valore non valido" }).optional(),
  ),
  clientId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  /** Only estimates still without a contract (Nuovo Contratto) or a site. */
  withoutContract: z.preprocess((v) => (v === "true" || v === true ? true : undefined), z.literal(true).optional()),
});
export type EstimateListQuery = z.input<typeof estimateListQuerySchema>;
export type EstimateListParams = Partial<z.output<typeof estimateListQuerySchema>>;

// ---- state changes ------------------------------------------------------------------------------

export type EstimateAction = "send" | "accept" | "reject" | "requestChanges" | "edit" | "delete";

const allowedFrom: Record<EstimateAction, readonly EstimateStatus[]> = {
  // Sending again an estimate already sent re-delivers the e-mail.
  send: ["bozza", "inviato"],
  // Admin on the client's behalf (the portal additionally requires inviato and not expired).
  accept: ["bozza", "inviato"],
  reject: ["inviato"],
  requestChanges: ["inviato"],
  edit: ["bozza", "inviato", "rifiutato"],
  delete: ["bozza", "inviato", "rifiutato"],
};

const refusal: Record<EstimateAction, (status: EstimateStatus) => string> = {
  send: (s) => `Impossibile inviare un preventivo ${estimateStatuses.label(s).toLowerCase()}`,
  accept: (s) =>
    s === "accettato"
      ? "Il preventivo è già stato accettato"
      : `Impossibile accettare un preventivo ${estimateStatuses.label(s).toLowerCase()}`,
  reject: (s) =>
    s === "bozza"
      ? "Il preventivo non è ancora stato inviato al cliente"
      : `Impossibile rifiutare un preventivo ${estimateStatuses.label(s).toLowerCase()}`,
  requestChanges: () => "Si possono chiedere modifiche solo a un preventivo inviato",
  edit: () => "Un preventivo accettato non può essere modificato",
  delete: () => "Un preventivo accettato non può essere eliminato",
};

export function canApplyEstimateAction(status: EstimateStatus, action: EstimateAction): boolean {
  return allowedFrom[action].includes(status);
}

/** null when allowed, otherwise the Italian reason for the 409. */
export function estimateActionRefusal(status: EstimateStatus, action: EstimateAction): string | null {
  return canApplyEstimateAction(status, action) ? null : refusal[action](status);
}

/**
 * Editing an estimate the client has already received (or refused) turns it back into a draft:
 * the client may accept only what was actually sent to them, so the new version must be sent again.
 */
export function statusAfterEdit(status: EstimateStatus): EstimateStatus {
  return status === "accettato" ? status : "bozza";
}

/** "Accetta Preventivo" in the portal: only a sent estimate that has not expired. */
export function portalAcceptRefusal(
  estimate: { status: EstimateStatus; expiresAt: string },
  today: string,
): string | null {
  if (estimate.status !== "inviato") return refusal.accept(estimate.status);
  if (expiryState(estimate.expiresAt, today) === "expired")
    return "Il preventivo è scaduto: chiedi all'impresa di aggiornarlo";
  return null;
}

export function estimateExpiryState(
  estimate: { status: EstimateStatus; expiresAt: string },
  today: string,
): ExpiryState | null {
  // Once accepted or refused, validity no longer matters.
  return estimate.status === "bozza" || estimate.status === "inviato" ? expiryState(estimate.expiresAt, today) : null;
}
