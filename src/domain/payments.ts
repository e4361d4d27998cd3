import { idSchema, listQuery, optionalText, requiredText } from "./common";
import { daysBetween, isoDateSchema, optionalIsoDate } from "./dates";
import { formatDate, formatEuro } from "./format";
import { compareMoney, isZeroMoney, moneySchema, subMoney } from "./money";
import { emailSchema } from "./validators";
import { z } from "./zod";

// Money that comes in (docs/domain/invoices.md, "After the issue" and "Receivables"): payments,
// remainder, ageing buckets, reminders, SdI outcome.

// ---- payments -------------------------------------------------------------------------------

export const paymentMethods = ["bonifico", "contanti", "assegno", "carta", "riba", "compensazione", "altro"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  bonifico: "Bonifico",
  contanti: "Contanti",
  assegno: "Assegno",
  carta: "Carta",
  riba: "Ri.Ba.",
  compensazione: "Compensazione",
  altro: "Altro",
};
export const paymentMethodOptions = paymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] }));

/** A payment as typed: a positive amount (the remainder check is the server's, 409). */
export const paymentCreateSchema = z.object({
  date: isoDateSchema,
  amount: moneySchema.refine((v) => !isZeroMoney(v), "Importo: deve essere maggiore di zero"),
  method: z.enum(paymentMethods, { error: "Metodo di pagamento: scegli tra quelli proposti" }),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentCreateValues = z.output<typeof paymentCreateSchema>;

export const paymentSchema = z.object({
  id: idSchema,
  date: z.string(),
  amount: z.string(),
  method: z.enum(paymentMethods),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * What is still to be collected: the net to pay (the total less a condominio's ritenuta and the
 * VAT a public body pays the Treasury itself under split payment) less payments and credit notes,
 * never below zero.
 */
export function remainderOf(inv: { netToPay: string; paidAmount: string; creditedAmount: string }): string {
  const r = subMoney(subMoney(inv.netToPay, inv.paidAmount), inv.creditedAmount);
  return compareMoney(r, "0") < 0 ? "0.00" : r;
}

/** Calendar days past the due date, 0 when not yet due. */
export const daysPastDue = (dueDate: string, today: string) => Math.max(0, daysBetween(dueDate, today));

// ---- receivables (scadenzario) --------------------------------------------------------------

export const agingBuckets = ["non_scaduto", "1_30", "31_60", "61_90", "oltre_90"] as const;
export type AgingBucket = (typeof agingBuckets)[number];
export const agingBucketLabels: Record<AgingBucket, string> = {
  non_scaduto: "Non scaduto",
  "1_30": "Scaduto da 1–30 giorni",
  "31_60": "Scaduto da 31–60 giorni",
  "61_90": "Scaduto da 61–90 giorni",
  oltre_90: "Scaduto da oltre 90 giorni",
};

export function agingBucket(days: number): AgingBucket {
  if (days <= 0) return "non_scaduto";
  if (days <= 30) return "1_30";
  if (days <= 60) return "31_60";
  if (days <= 90) return "61_90";
  return "oltre_90";
}

const blankId = z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional());
const blankDate = z.preprocess((v) => (v === "" ? undefined : v), optionalIsoDate.optional());

/** from/to bound the due date; the list is sorted by days past due, most overdue first. */
export const receivablesQuerySchema = listQuery(["daysPastDue"] as const).extend({
  clientId: blankId,
  from: blankDate,
  to: blankDate,
});
export type ReceivablesParams = Partial<z.output<typeof receivablesQuerySchema>>;

export const receivableSchema = z.object({
  id: idSchema,
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  clientId: idSchema,
  clientName: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  remainder: z.string(),
  daysPastDue: z.number().int(),
  bucket: z.enum(agingBuckets),
  remindersSent: z.number().int(),
});
export type Receivable = z.infer<typeof receivableSchema>;

export const receivablesSchema = z.object({
  rows: z.array(receivableSchema),
  total: z.number().int(),
  buckets: z.array(z.object({ bucket: z.enum(agingBuckets), count: z.number().int(), amount: z.string() })),
  totalAmount: z.string(),
});
export type Receivables = z.infer<typeof receivablesSchema>;

// ---- sending and reminders ------------------------------------------------------------------

export const invoiceEmailSchema = z.object({
  to: z.preprocess((v) => (v === "" || v === null ? undefined : v), emailSchema.optional()),
  message: optionalText("Messaggio", 5000),
});
export type InvoiceEmailInput = z.input<typeof invoiceEmailSchema>;

export const invoiceReminderSchema = z.object({ message: optionalText("Messaggio", 5000) });

/** The subject docs/domain/invoices.md fixes. */
export const reminderSubject = (number: string, issueDate: string) =>
  `Sollecito di pagamento – Fattura ${number} del ${formatDate(issueDate)}`;

/** After the third, every reminder keeps the third's wording. */
export const MAX_REMINDER_LEVEL = 3;
/** Days after a reminder before the dashboard proposes the next one. */
export const REMINDER_INTERVAL_DAYS = 7;

export interface ReminderFacts {
  level: number;
  number: string;
  issueDate: string;
  dueDate: string;
  remainder: string;
  daysPastDue: number;
  iban: string | null;
  causale: string;
  companyName: string;
  clientName: string;
  message?: string | null;
}

/** The reminder's text: the first courteous, the second firmer, the third a formal notice. */
export function reminderText(f: ReminderFacts): string {
  const level = Math.min(f.level, MAX_REMINDER_LEVEL);
  const ref = `la fattura ${f.number} del ${formatDate(f.issueDate)}`;
  const opening = {
    1: `da un controllo risulta che ${ref}, scaduta il ${formatDate(f.dueDate)}, non è ancora stata saldata.`,
    2: `nonostante il nostro precedente sollecito, ${ref}, scaduta il ${formatDate(f.dueDate)}, risulta ancora non saldata.`,
    3: `a seguito dei precedenti solleciti rimasti senza riscontro, ${ref}, scaduta il ${formatDate(f.dueDate)}, risulta tuttora non saldata.`,
  }[level as 1 | 2 | 3];
  const request = {
    1: "Vi preghiamo di provvedere al pagamento appena possibile. Se lo avete già effettuato, non tenete conto di questo messaggio.",
    2: "Vi chiediamo di provvedere al pagamento entro 7 giorni dalla presente.",
    3: "Vi invitiamo a provvedere al pagamento entro 7 giorni dalla presente: in mancanza saremo costretti a tutelare i nostri diritti nelle sedi opportune, con addebito delle relative spese e degli interessi di mora (D.Lgs. 231/2002).",
  }[level as 1 | 2 | 3];
  const lines = [
    `Spettabile ${f.clientName},`,
    "",
    opening,
    "",
    `Importo da saldare: ${formatEuro(f.remainder)}`,
    `Scadenza: ${formatDate(f.dueDate)} (scaduta da ${f.daysPastDue} ${f.daysPastDue === 1 ? "giorno" : "giorni"})`,
    `IBAN: ${f.iban ?? "da richiedere all'amministrazione"}`,
    `Causale del bonifico: ${f.causale}`,
    "",
    request,
  ];
  if (f.message) lines.push("", f.message);
  lines.push("", "Cordiali saluti,", f.companyName);
  return lines.join("\n");
}

// ---- SdI outcome ----------------------------------------------------------------------------

export const sdiOutcomes = ["consegnata", "mancata_consegna", "scartata"] as const;
export type SdiOutcome = (typeof sdiOutcomes)[number];
/** The history also records each transmission of the file. */
export const sdiEvents = ["trasmessa", ...sdiOutcomes] as const;
export type SdiEvent = (typeof sdiEvents)[number];
export const sdiEventLabels: Record<SdiEvent, string> = {
  trasmessa: "Trasmessa allo SdI",
  consegnata: "Consegnata",
  mancata_consegna: "Mancata consegna",
  scartata: "Scartata",
};
/** The list filter: no outcome yet is "in attesa". */
export const sdiStatusFilters = ["in_attesa", ...sdiOutcomes] as const;
export const sdiStatusFilterLabels: Record<(typeof sdiStatusFilters)[number], string> = {
  in_attesa: "In attesa di esito",
  consegnata: "Consegnata",
  mancata_consegna: "Mancata consegna",
  scartata: "Scartata",
};

export const sdiOutcomeSchema = z.object({
  outcome: z.enum(sdiOutcomes, { error: "Esito: scegli consegnata, mancata consegna o scartata" }),
  code: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .trim()
      .max(20, "Codice: massimo 20 caratteri")
      .nullish()
      .transform((v) => v ?? null),
  ),
  message: optionalText("Messaggio", 1000),
  date: isoDateSchema,
});
export type SdiOutcomeInput = z.input<typeof sdiOutcomeSchema>;

export const sdiEventSchema = z.object({
  id: idSchema,
  event: z.enum(sdiEvents),
  transmission: z.number().int(),
  fileName: z.string().nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  date: z.string(),
  createdAt: z.string(),
});
export type SdiEventRow = z.infer<typeof sdiEventSchema>;

/** At most this many transmissions of one invoice (the ProgressivoInvio space, see fatturaProgressive). */
export const MAX_TRANSMISSIONS = 8;

// ---- credit notes ---------------------------------------------------------------------------

/** `amount` is the imponibile to credit; absent: the whole invoice. */
export const creditNoteSchema = z
  .object({
    reason: requiredText("Motivo", 200),
    amount: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      moneySchema.refine((v) => !isZeroMoney(v), "Importo: deve essere maggiore di zero").optional(),
    ),
    /** Positions of the original's lines to credit whole (issue 25: "or chosen lines"). */
    lines: z.preprocess(
      (v) => (Array.isArray(v) && v.length === 0 ? undefined : v),
      z
        .array(z.number({ error: "Righe: posizione non valida" }).int("Righe: posizione non valida").min(0), {
          error: "Righe: elenco non valido",
        })
        .max(200, "Righe: al massimo 200")
        .refine((v) => new Set(v).size === v.length, "Righe: una riga è indicata due volte")
        .optional(),
    ),
  })
  .refine((v) => v.amount === undefined || v.lines === undefined, {
    path: ["lines"],
    message: "Righe: indica l'importo oppure le righe da stornare, non entrambi",
  });
export type CreditNoteInput = z.input<typeof creditNoteSchema>;

/** Fattura or nota di credito: the list's "Tipo" filter. */
export const documentTypes = ["fattura", "nota_credito"] as const;
export const documentTypeLabels: Record<(typeof documentTypes)[number], string> = {
  fattura: "Fattura",
  nota_credito: "Nota di credito",
};
