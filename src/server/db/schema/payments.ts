import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { paymentMethods, sdiEvents } from "@domain/payments";
import { createdAt, grossMoney, id, oneOf } from "./columns";
import { invoices } from "./contracts";

/** Money received on an invoice (docs/domain/invoices.md): several partial payments. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    date: date({ mode: "string" }).notNull(),
    amount: grossMoney().notNull(),
    method: text({ enum: paymentMethods }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("invoice_payments_amount_check", sql`${t.amount} > 0`),
    check("invoice_payments_method_check", oneOf(t.method, paymentMethods)),
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.date),
    /** The dashboard's collected revenue, by payment date. */
    index("invoice_payments_date_idx").on(t.date),
  ],
);

/**
 * What happened to an invoice at the SdI (docs/domain/invoices.md): each transmission (with
 * its file name) and each outcome, kept as history across re-issues after a rejection.
 */
export const invoiceSdiEvents = pgTable(
  "invoice_sdi_events",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    event: text({ enum: sdiEvents }).notNull(),
    transmission: integer().notNull(),
    fileName: text(),
    code: text(),
    message: text(),
    date: date({ mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("invoice_sdi_events_event_check", oneOf(t.event, sdiEvents)),
    index("invoice_sdi_events_invoice_idx").on(t.invoiceId, t.createdAt),
  ],
);

/**
 * The dashboard's twelve months (docs/decisions/013-dashboard-speed.md, "Months"): invoiced by
 * issue month (not drafts; credit notes negative) and collected by payment month, kept by
 * statement-level triggers on invoices and invoice_payments in the writing transaction
 * (migration 0019). Derived data: backups leave them out, a restore rebuilds them as it inserts.
 */
export const invoiceMonthTotals = pgTable("invoice_month_totals", {
  month: date({ mode: "string" }).primaryKey(),
  invoiced: numeric({ precision: 14, scale: 2 }).notNull().default("0"),
});

export const paymentMonthTotals = pgTable("payment_month_totals", {
  month: date({ mode: "string" }).primaryKey(),
  collected: numeric({ precision: 14, scale: 2 }).notNull().default("0"),
});

/**
 * What is still to collect on the open invoices (invoices/queries.ts openSql), by due date: how many
 * and how much (a draft's total, an issued invoice's remainder), kept by statement-level triggers on
 * invoices in the writing transaction (migration 0026); a date with nothing open has no row. The
 * dashboard's overdue card sums the dates before today. Derived data: backups leave it out.
 */
export const invoiceDueTotals = pgTable("invoice_due_totals", {
  dueDate: date({ mode: "string" }).primaryKey(),
  count: integer().notNull().default(0),
  amount: numeric({ precision: 16, scale: 2 }).notNull().default("0"),
});
