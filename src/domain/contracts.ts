import { idSchema, listQuery, pageCursors, requiredText, versionField } from "./common";
import { isoDateSchema } from "./dates";
import { compareMoney, fromCents, maxMoney, normalizeMoney, ratio, subMoney, sumMoney, toCents } from "./money";
import { contractStatuses, invoiceStatuses, type ContractStatus } from "./statuses";
import { vatViewSchema } from "./vat/index";
import { z } from "./zod";

// ---- transitions ------------------------------------------------------------------------

/** The only moves a contract makes (docs/domain/statuses.md): bozza → firmato → attivo → completato. */
export const contractActions = {
  sign: { from: "bozza", to: "firmato", label: "Segna come firmato", done: "Contratto firmato" },
  activate: { from: "firmato", to: "attivo", label: "Attiva contratto", done: "Contratto attivato" },
  complete: { from: "attivo", to: "completato", label: "Segna come completato", done: "Contratto completato" },
} as const satisfies Record<string, { from: ContractStatus; to: ContractStatus; label: string; done: string }>;
export type ContractAction = keyof typeof contractActions;

/** The action available from a status, if any (the detail screen shows one button). */
export function nextContractAction(status: ContractStatus): ContractAction | null {
  const entry = Object.entries(contractActions).find(([, a]) => a.from === status);
  return entry ? (entry[0] as ContractAction) : null;
}

/** Italian refusal for a transition that is not allowed, or null when it is. */
export function contractTransitionError(status: ContractStatus, action: ContractAction): string | null {
  const { from, to } = contractActions[action];
  if (status === from) return null;
  return `Impossibile passare il contratto da "${contractStatuses.label(status)}" a "${contractStatuses.label(to)}": serve lo stato "${contractStatuses.label(from)}"`;
}

/** Terms and the contract itself change only while it is a draft. */
export const isContractEditable = (status: ContractStatus) => status === "bozza";

// ---- input --------------------------------------------------------------------------------

export const contractCreateSchema = z.object({
  estimateId: idSchema.or(z.literal("")).refine((v) => v !== "", "Preventivo: campo obbligatorio"),
});
export type ContractCreateValues = z.output<typeof contractCreateSchema>;

/** CIG (10 characters) and CUP (15) of a public body's contract (FatturaPA DatiContratto). */
const procurementCode = (label: string, length: number) =>
  z
    .string({ error: `${label}: valore non valido` })
    .trim()
    .toUpperCase()
    .refine(
      (v) => v === "" || new RegExp(`^[A-Z0-9]{${length}}$`).test(v),
      `${label}: ${length} caratteri, lettere e cifre`,
    )
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

export const contractTermsSchema = z.object({
  terms: requiredText("Condizioni contrattuali", 20_000),
  cig: procurementCode("CIG", 10),
  cup: procurementCode("CUP", 15),
});
export const contractUpdateSchema = contractTermsSchema.extend({ version: versionField });
export type ContractTermsValues = z.output<typeof contractTermsSchema>;

export const contractSignSchema = z.object({ signedDate: isoDateSchema });
export type ContractSignValues = z.output<typeof contractSignSchema>;

// ---- output -------------------------------------------------------------------------------

export const contractSchema = z.object({
  id: idSchema,
  number: z.string(),
  estimateId: idSchema,
  terms: z.string(),
  signedDate: z.string().nullable(),
  /** Set when the client signed online, accepting the estimate in the portal (docs/domain/portal.md). */
  signedBy: z.string().nullable(),
  status: z.enum(contractStatuses.values),
  activatedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cig: z.string().nullable(),
  cup: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListItemSchema = contractSchema.omit({ terms: true }).extend({
  estimateNumber: z.string(),
  estimateTitle: z.string(),
  estimateTotal: z.string(),
  clientId: idSchema,
  clientName: z.string(),
});
export type ContractListItem = z.infer<typeof contractListItemSchema>;

export const contractListQuerySchema = listQuery(["number", "createdAt", "signedDate", "status"] as const).extend({
  ...pageCursors,
  status: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(contractStatuses.values, { error: "Stato non valido" }).optional(),
  ),
  estimateId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  /** "true": only contracts an invoice can be made on (every status but bozza), for the invoice form's picker. */
  invoiceable: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["true", "false"], { error: "invoiceable: true o false" }).optional(),
  ),
});
export type ContractListParams = Partial<z.output<typeof contractListQuerySchema>>;

export const contractEstimateOptionSchema = z.object({
  id: idSchema,
  number: z.string(),
  title: z.string(),
  clientName: z.string(),
  totalAmount: z.string(),
  acceptedAt: z.string().nullable(),
});
export type ContractEstimateOption = z.infer<typeof contractEstimateOptionSchema>;

// ---- financial situation ----------------------------------------------------------------

export interface ContractInvoiceFigures {
  amount: string;
  status: string;
  kind?: string;
  /** What the client owes on the invoice (total less ritenuta and split-payment VAT). */
  netToPay?: string;
  /** The payments recorded on the invoice (docs/domain/invoices.md), in the same money as netToPay. */
  paidAmount?: string;
}

/**
 * The imponibile an invoice's payments cover: the whole imponibile once pagata, otherwise the
 * imponibile in the proportion paid / net to pay (a partial payment pays VAT and imponibile
 * alike), rounded half up to the cent and never above the imponibile. A credit note pays nothing.
 */
export function paidImponibile(inv: ContractInvoiceFigures): string {
  if (inv.kind === "nota_credito") return "0.00";
  if (inv.status === "pagata") return normalizeMoney(inv.amount);
  const amount = toCents(inv.amount);
  const net = toCents(inv.netToPay ?? "0");
  const paid = toCents(inv.paidAmount ?? "0");
  if (amount <= 0n || net <= 0n || paid <= 0n) return "0.00";
  if (paid >= net) return normalizeMoney(inv.amount);
  return fromCents((2n * amount * paid + net) / (2n * net));
}

/**
 * The "situazione finanziaria" box (docs/domain/screens.md): invoiced against the estimate value
 * (the bar is capped at 100 % even when an override billed more; credit notes count negative),
 * paid = the imponibile the client's payments cover, partial payments included (docs/domain/invoices.md:
 * pagata is only the last payment). All figures are imponibile, like the estimate value they
 * are compared with; `collected` is the money actually received (VAT included).
 */
export function contractFinancials(value: string, invoices: readonly ContractInvoiceFigures[]) {
  const invoiced = sumMoney(invoices.map((i) => i.amount));
  const paid = sumMoney(invoices.map(paidImponibile));
  const collected = sumMoney(invoices.filter((i) => i.kind !== "nota_credito").map((i) => i.paidAmount ?? "0"));
  const percent = ratio(invoiced, value, 1);
  return {
    value,
    invoiced,
    paid,
    collected,
    remaining: maxMoney("0.00", subMoney(value, invoiced)),
    invoicedPercent: percent,
    /** Width of the progress bar: never beyond 100. */
    barPercent: Math.min(100, Number(percent)),
    overInvoiced: compareMoney(invoiced, value) > 0,
    toCollect: maxMoney("0.00", subMoney(invoiced, paid)),
  };
}
export type ContractFinancials = ReturnType<typeof contractFinancials>;

export const contractFinancialsSchema = z.object({
  value: z.string(),
  invoiced: z.string(),
  paid: z.string(),
  collected: z.string(),
  remaining: z.string(),
  invoicedPercent: z.string(),
  barPercent: z.number(),
  overInvoiced: z.boolean(),
  toCollect: z.string(),
});

export const contractDetailSchema = contractSchema.extend({
  editable: z.boolean(),
  estimate: z.object({
    id: idSchema,
    number: z.string(),
    title: z.string(),
    description: z.string(),
    totalAmount: z.string(),
    treatment: z.string(),
    vatAmount: z.string(),
    grossTotal: z.string(),
    withholding: z.string(),
    netToPay: z.string(),
    acceptedAt: z.string().nullable(),
    acceptedBy: z.string().nullable(),
  }),
  client: z.object({
    id: idSchema,
    name: z.string(),
    type: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** What the invoice form's preview needs for the server's VAT context (vatContextOf). */
    vatNumber: z.string().nullable(),
    withholdingAgent: z.boolean(),
  }),
  invoices: z.array(
    z.object({
      id: idSchema,
      number: z.string().nullable(),
      kind: z.string(),
      amount: z.string(),
      totalAmount: z.string(),
      status: z.enum(invoiceStatuses.values),
      issueDate: z.string(),
      dueDate: z.string(),
      paidDate: z.string().nullable(),
    }),
  ),
  sites: z.array(z.object({ id: idSchema, name: z.string(), status: z.string(), progress: z.number() })),
  /** The estimate's lines through the VAT engine: the contract's rates. */
  vat: vatViewSchema.nullable(),
  financials: contractFinancialsSchema,
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;
