import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { sdiOutcomes } from "@domain/payments";
import { contractStatuses, invoiceStatuses, legacyVatTreatments } from "@domain/statuses";
import { documentTreatments, lineVatRates, naturaCodes } from "@domain/vat";
import {
  createdAt,
  grossMoney,
  id,
  lineQuantity,
  lineUnitPrice,
  money,
  oneOf,
  timestampTz,
  trigramIndex,
  updatedAt,
  version,
} from "./columns";
import { estimates } from "./work";

export const contracts = pgTable(
  "contracts",
  {
    id: id(),
    number: text().notNull(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: "restrict" }),
    terms: text().notNull(),
    signedDate: date({ mode: "string" }),
    /** The signatory when the client signed online (accepting in the portal); null for paper. */
    signedBy: text(),
    status: text({ enum: contractStatuses.values }).notNull().default("bozza"),
    activatedAt: timestampTz(),
    completedAt: timestampTz(),
    /** Public procurement codes of an ente pubblico's contract (FatturaPA DatiContratto). */
    cig: text(),
    cup: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("contracts_number_unique").on(t.number),
    /** One contract per accepted estimate (docs/domain/statuses.md). */
    uniqueIndex("contracts_estimate_unique").on(t.estimateId),
    check("contracts_status_check", oneOf(t.status, contractStatuses.values)),
    index("contracts_status_idx").on(t.status, t.createdAt),
    trigramIndex("contracts_number_trgm", t.number),
    // List pages walk these in ORDER BY order and stop after LIMIT (docs/benchmarks.md §1).
    index("contracts_list_idx").on(t.createdAt, t.id),
    index("contracts_status_list_idx").on(t.status, t.createdAt, t.id),
    // A chosen sort, then the id in its direction (migration 0017).
    index("contracts_signed_sort_idx").on(t.signedDate, t.id),
    index("contracts_status_sort_idx").on(t.status, t.id),
  ],
);

/** What an invoices row is: the four invoice kinds, and a credit note (TD04) correcting one of them. */
export const invoiceKinds = ["acconto", "sal", "saldo", "libera", "nota_credito"] as const;

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    /**
     * FAT-2026-001, given when the invoice is issued (docs/decisions/008-invoice-number-at-issue.md): a
     * draft has no legal number. Year and progressive of the number: unique, no gaps within a
     * year, in the order of the dates (Italian law). Null on drafts.
     */
    number: text(),
    year: integer(),
    sequence: integer(),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: "restrict" }),
    kind: text({ enum: invoiceKinds }).notNull().default("libera"),
    /** Imponibile. */
    amount: money().notNull(),
    /** First round's one-per-document VAT, kept by the additive migration 0005; never read. */
    vatTreatment: text({ enum: legacyVatTreatments }).notNull().default("22"),
    treatment: text({ enum: documentTreatments }).notNull().default("ordinary"),
    /** Computed by src/domain/vat from the invoice's lines (invoice_lines). */
    vatAmount: grossMoney().notNull().default("0"),
    stampDuty: money().notNull().default("0"),
    totalAmount: grossMoney().notNull().default("0"),
    /** Ritenuta withheld by a condominio and what the client transfers (ImportoPagamento). */
    withholding: grossMoney().notNull().default("0"),
    netToPay: grossMoney().notNull().default("0"),
    /** DatiSAL/RiferimentoFase: the SAL's progressive on its contract (1, 2, …). */
    salPhase: integer(),
    issueDate: date({ mode: "string" }).notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    paidDate: date({ mode: "string" }),
    status: text({ enum: invoiceStatuses.values }).notNull().default("bozza"),
    notes: text(),
    sentAt: timestampTz(),
    /**
     * Everything the invoice says, frozen when it is issued (seller, buyer, lines, VAT summary,
     * totals, payment terms): its PDF and FatturaPA are rendered from this, once. Null on drafts.
     */
    snapshot: jsonb(),
    /** sha256 of the stored PDF and FatturaPA (documents table); null until issued. */
    pdfSha256: text(),
    xmlSha256: text(),
    /**
     * Sum of the payments (invoice_payments) and of the credit notes issued on this invoice,
     * kept on the row under its lock so that the remainder (total − paid − credited), the
     * scadenzario and the lists read one row, never a sum per invoice.
     */
    paidAmount: grossMoney().notNull().default("0"),
    creditedAmount: grossMoney().notNull().default("0"),
    /** A credit note's original invoice (DatiFattureCollegate); null on every other kind. */
    creditedInvoiceId: uuid().references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    creditReason: text(),
    /** The latest outcome the SdI gave (null: none recorded since the last transmission). */
    sdiStatus: text({ enum: sdiOutcomes }),
    /** 1 at issue, +1 at each re-issue after a rejection: the ProgressivoInvio changes with it. */
    transmission: integer().notNull().default(1),
    remindersSent: integer().notNull().default(0),
    lastReminderAt: timestampTz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    uniqueIndex("invoices_year_sequence_unique").on(t.year, t.sequence),
    check("invoices_status_check", oneOf(t.status, invoiceStatuses.values)),
    check("invoices_kind_check", oneOf(t.kind, invoiceKinds)),
    /** Only a draft may lack its number. */
    check(
      "invoices_issued_numbered_check",
      sql`${t.status} = 'bozza' or (${t.number} is not null and ${t.year} is not null and ${t.sequence} is not null)`,
    ),
    index("invoices_contract_idx").on(t.contractId),
    index("invoices_status_due_idx").on(t.status, t.dueDate),
    index("invoices_issue_idx").on(t.issueDate),
    trigramIndex("invoices_number_trgm", t.number),
    index("invoices_list_idx").on(t.year, t.sequence, t.id),
    index("invoices_status_list_idx").on(t.status, t.year, t.sequence, t.id),
    check("invoices_sdi_status_check", sql`${t.sdiStatus} is null or ${oneOf(t.sdiStatus, sdiOutcomes)}`),
    check("invoices_credit_note_check", sql`(${t.kind} = 'nota_credito') = (${t.creditedInvoiceId} is not null)`),
    index("invoices_credited_idx")
      .on(t.creditedInvoiceId)
      .where(sql`${t.creditedInvoiceId} is not null`),
    /** The scadenzario: open invoices by due date (issued, not credit notes). */
    index("invoices_open_due_idx")
      .on(t.dueDate, t.id)
      .where(sql`${t.status} = 'inviata' and ${t.kind} <> 'nota_credito'`),
    index("invoices_issue_list_idx")
      .on(t.issueDate, t.id)
      .where(sql`${t.status} <> 'bozza'`),
    index("invoices_due_sort_idx").on(t.dueDate),
    /** The dashboard's invoiced per month: an index-only scan of the twelve months (0016). */
    index("invoices_issued_month_idx")
      .on(t.issueDate, t.amount)
      .where(sql`${t.status} <> 'bozza'`),
    /** The dashboard's overdue figure: the unpaid invoices only, read from the index alone (0016). */
    index("invoices_unpaid_due_idx")
      .on(t.dueDate, t.status, t.totalAmount, t.netToPay, t.paidAmount, t.creditedAmount)
      .where(sql`${t.status} <> 'pagata' and ${t.kind} <> 'nota_credito'`),
    index("invoices_total_sort_idx").on(t.totalAmount),
    /**
     * The "Scadute" list: the invoices with something left to collect, in the list's order, with
     * the due date the page filters on (0023). Its predicate is invoices/queries.ts openSql, word
     * for word: the planner uses a partial index only when the query states the same condition.
     */
    index("invoices_open_list_idx")
      .on(t.year, t.sequence, t.id, t.dueDate)
      .where(
        sql`${t.status} <> 'pagata' and ${t.kind} <> 'nota_credito' and (${t.status} = 'bozza' or greatest(${t.netToPay} - ${t.paidAmount} - ${t.creditedAmount}, 0) > 0)`,
      ),
  ],
);

/**
 * The lines of an invoice (docs/domain/invoices.md), in order: the estimate's lines and the
 * "A dedurre" deductions of a saldo, the descriptive line(s) of an acconto or SAL, or the lines a
 * libera invoice sent. A credit note copies them negated. Money exact: line total = quantity ×
 * unit price, half up at the line.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: lineQuantity().notNull(),
    unit: text(),
    unitPrice: lineUnitPrice().notNull(),
    vatRate: text({ enum: lineVatRates }).notNull(),
    natura: text({ enum: naturaCodes }),
    significantGood: boolean().notNull().default(false),
    lineTotal: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_lines_invoice_idx").on(t.invoiceId, t.position),
    check("invoice_lines_vat_rate_check", oneOf(t.vatRate, lineVatRates)),
  ],
);
