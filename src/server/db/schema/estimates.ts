import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { estimateStatuses, vatTreatments } from "@domain/statuses";
import { services } from "./catalogue";
import { clients } from "./clients";
import {
  createdAt,
  grossMoney,
  id,
  money,
  oneOf,
  quantity,
  timestampTz,
  trigramIndex,
  updatedAt,
  version,
} from "./columns";
import { orders } from "./suppliers";
import { surveys } from "./surveys";

export const estimates = pgTable(
  "estimates",
  {
    id: id(),
    number: text().notNull(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    surveyId: uuid().references(() => surveys.id, { onDelete: "set null" }),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    title: text().notNull(),
    description: text().notNull(),
    /** Imponibile split 60/40 (specification §5). */
    materialsCost: money().notNull().default("0"),
    laborCost: money().notNull().default("0"),
    /** Imponibile: lines + attached order. */
    totalAmount: money().notNull().default("0"),
    vatTreatment: text({ enum: vatTreatments.values }).notNull().default("22"),
    vatAmount: grossMoney().notNull().default("0"),
    grossTotal: grossMoney().notNull().default("0"),
    validityDays: integer().notNull().default(30),
    status: text({ enum: estimateStatuses.values }).notNull().default("bozza"),
    expiresAt: date({ mode: "string" }).notNull(),
    sentAt: timestampTz(),
    acceptedAt: timestampTz(),
    acceptedBy: text(),
    acceptedIp: text(),
    /** The accepted version, frozen: header, lines and totals as the client signed them. */
    acceptedSnapshot: jsonb(),
    rejectedAt: timestampTz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("estimates_number_unique").on(t.number),
    check("estimates_status_check", oneOf(t.status, estimateStatuses.values)),
    check("estimates_vat_check", oneOf(t.vatTreatment, vatTreatments.values)),
    check("estimates_validity_check", sql`${t.validityDays} >= 0`),
    index("estimates_client_idx").on(t.clientId, t.createdAt),
    index("estimates_status_idx").on(t.status, t.createdAt),
    index("estimates_created_idx").on(t.createdAt),
    index("estimates_survey_idx").on(t.surveyId),
    index("estimates_order_idx").on(t.orderId),
    index("estimates_title_idx").on(sql`lower(${t.title})`),
    trigramIndex("estimates_title_trgm", t.title),
    trigramIndex("estimates_number_trgm", t.number),
    // List pages walk these in ORDER BY order and stop after LIMIT (docs/benchmarks.md §1).
    index("estimates_list_idx").on(t.createdAt, t.number),
    index("estimates_status_list_idx").on(t.status, t.createdAt, t.number),
    // The headers of the list sort on these (drizzle/0008_office_day.sql).
    index("estimates_total_sort_idx").on(t.totalAmount),
    index("estimates_expires_sort_idx").on(t.expiresAt),
  ],
);

export const estimateItems = pgTable(
  "estimate_items",
  {
    id: id(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    serviceId: uuid().references(() => services.id, { onDelete: "restrict" }),
    description: text().notNull(),
    quantity: quantity().notNull(),
    unitPrice: money().notNull(),
    totalPrice: money().notNull(),
    unit: text().notNull().default("mq"),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("estimate_items_estimate_idx").on(t.estimateId, t.position),
    index("estimate_items_service_idx").on(t.serviceId),
  ],
);
