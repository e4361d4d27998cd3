import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { estimateStatuses, legacyVatTreatments, orderStatuses, siteStatuses } from "@domain/statuses";
import { documentTreatments, lineVatRates, naturaCodes } from "@domain/vat";
import { users } from "./accounts";
import { services } from "./catalogue";
import { clients } from "./clients";
import {
  createdAt,
  grossMoney,
  id,
  lineQuantity,
  lineUnitPrice,
  money,
  oneOf,
  quantity,
  timestampTz,
  trigramIndex,
  updatedAt,
  version,
} from "./columns";
import { suppliers } from "./suppliers";
import { surveys } from "./surveys";

// The work itself: estimates, the construction sites they open and the orders placed for them.
// Their keys go round (an estimate names its order, an order its site, a site its estimate), so
// the three tables live in one file: split, their files would import each other in a circle.

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
    /** Imponibile split 60/40 (docs/domain/screens.md). */
    materialsCost: money().notNull().default("0"),
    laborCost: money().notNull().default("0"),
    /** Imponibile: lines + attached order. */
    totalAmount: money().notNull().default("0"),
    /** First round's one-per-document VAT, kept by the additive migration 0005; never read. */
    vatTreatment: text({ enum: legacyVatTreatments }).notNull().default("22"),
    /** ordinary, reverse_charge (the office's choice, client with partita IVA) or split_payment. */
    treatment: text({ enum: documentTreatments }).notNull().default("ordinary"),
    /** What src/domain/vat computed from the lines: Σ imposta, bollo, total, ritenuta, net to pay. */
    vatAmount: grossMoney().notNull().default("0"),
    stampDuty: money().notNull().default("0"),
    grossTotal: grossMoney().notNull().default("0"),
    withholding: grossMoney().notNull().default("0"),
    netToPay: grossMoney().notNull().default("0"),
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
    check("estimates_vat_check", oneOf(t.vatTreatment, legacyVatTreatments)),
    check("estimates_treatment_check", oneOf(t.treatment, documentTreatments)),
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
    quantity: lineQuantity().notNull(),
    unitPrice: lineUnitPrice().notNull(),
    totalPrice: money().notNull(),
    unit: text().notNull().default("mq"),
    notes: text(),
    /** "22", "10", "4" or "0" (docs/domain/vat.md); natura only with "0"; beni significativi DM 29/12/1999. */
    vatRate: text({ enum: lineVatRates }).notNull().default("22"),
    natura: text({ enum: naturaCodes }),
    significantGood: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("estimate_items_vat_rate_check", oneOf(t.vatRate, lineVatRates)),
    index("estimate_items_estimate_idx").on(t.estimateId, t.position),
    index("estimate_items_service_idx").on(t.serviceId),
  ],
);

/**
 * Count and total of the estimates in each status, kept by statement-level triggers on estimates
 * in the writing transaction (drizzle/0016_dashboard_speed.sql; docs/decisions/013-dashboard-speed.md).
 * Derived data: the dashboard reads it instead of grouping every estimate; backups leave it out
 * (the triggers rebuild it as a restore inserts the estimates).
 */
export const estimateStatusTotals = pgTable("estimate_status_totals", {
  status: text().primaryKey(),
  count: integer().notNull().default(0),
  totalAmount: numeric({ precision: 14, scale: 2 }).notNull().default("0"),
});

/**
 * How many sites are in each status, kept by statement-level triggers on construction_sites in
 * the writing transaction (drizzle/0022_dashboard_counts.sql; docs/decisions/013-dashboard-speed.md).
 * Derived data: the dashboard reads it instead of grouping every site; backups leave it out.
 */
export const siteStatusTotals = pgTable("site_status_totals", {
  status: text().primaryKey(),
  count: integer().notNull().default(0),
});

export const constructionSites = pgTable(
  "construction_sites",
  {
    id: id(),
    estimateId: uuid()
      .notNull()
      .references(() => estimates.id, { onDelete: "restrict" }),
    name: text().notNull(),
    address: text().notNull(),
    startDate: date({ mode: "string" }),
    endDate: date({ mode: "string" }),
    estimatedEndDate: date({ mode: "string" }),
    progress: integer().notNull().default(0),
    notes: text(),
    status: text({ enum: siteStatuses.values }).notNull().default("programmato"),
    workType: text(),
    surfaceArea: money(),
    floorsCount: integer(),
    mainMaterials: text(),
    siteManager: text(),
    emergencyPhone: text(),
    permits: text(),
    safetyRequirements: text(),
    estimatedBudget: money(),
    workingHours: text().default("08:00-17:00"),
    expectedWorkers: integer(),
    accessConditions: text(),
    specialEquipment: text(),
    /** Scaffolding on site: the site then needs a PIMUS (D.Lgs. 81/2008, site compliance). */
    usesScaffolding: boolean().notNull().default(false),
    /** The technician responsible on site. */
    assignedUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("sites_status_check", oneOf(t.status, siteStatuses.values)),
    check("sites_progress_check", sql`${t.progress} between 0 and 100`),
    index("sites_estimate_idx").on(t.estimateId),
    index("sites_status_idx").on(t.status, t.createdAt),
    index("sites_name_idx").on(sql`lower(${t.name})`),
    index("sites_end_idx").on(t.estimatedEndDate),
    /** Sites by status and late ones (dashboard), open sites by status ("Scadenze"): index-only (0016). */
    index("sites_status_end_idx").on(t.status, t.estimatedEndDate),
    index("sites_assigned_idx").on(t.assignedUserId, t.status),
    trigramIndex("sites_name_trgm", t.name),
    trigramIndex("sites_address_trgm", t.address),
    // List pages walk these in ORDER BY order and stop after LIMIT (docs/benchmarks.md §1).
    index("sites_list_idx").on(t.createdAt, t.id),
    index("sites_status_list_idx").on(t.status, t.createdAt, t.id),
    // A chosen sort, then the id in its direction (migration 0017).
    index("sites_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("sites_start_sort_idx").on(t.startDate, t.id),
    index("sites_end_sort_idx").on(t.estimatedEndDate, t.id),
    index("sites_progress_sort_idx").on(t.progress, t.id),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    number: text().notNull(),
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    constructionSiteId: uuid().references((): AnyPgColumn => constructionSites.id, { onDelete: "set null" }),
    title: text().notNull(),
    description: text(),
    orderDate: date({ mode: "string" }).notNull(),
    expectedDeliveryDate: date({ mode: "string" }),
    totalAmount: money().notNull().default("0"),
    status: text({ enum: orderStatuses.values }).notNull().default("bozza"),
    notes: text(),
    sentAt: timestampTz(),
    confirmedAt: timestampTz(),
    receivedAt: timestampTz(),
    cancelledAt: timestampTz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.number),
    check("orders_status_check", oneOf(t.status, orderStatuses.values)),
    index("orders_supplier_idx").on(t.supplierId, t.orderDate),
    index("orders_site_idx").on(t.constructionSiteId),
    index("orders_site_supplier_idx").on(t.constructionSiteId, t.supplierId),
    index("orders_status_idx").on(t.status),
    index("orders_date_idx").on(t.orderDate),
    trigramIndex("orders_number_trgm", t.number),
    trigramIndex("orders_title_trgm", t.title),
    // List pages walk these in ORDER BY order and stop after LIMIT (docs/benchmarks.md §1).
    index("orders_list_idx").on(t.orderDate, t.number),
    index("orders_status_list_idx").on(t.status, t.orderDate, t.number),
    // A chosen sort, then the id in its direction (migration 0017).
    index("orders_total_sort_idx").on(t.totalAmount, t.id),
    index("orders_title_sort_idx").on(sql`lower(${t.title})`, t.id),
    index("orders_status_sort_idx").on(t.status, t.id),
    index("orders_created_sort_idx").on(t.createdAt, t.id),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    description: text().notNull(),
    quantity: quantity().notNull(),
    unit: text().notNull().default("pz"),
    unitPrice: money().notNull(),
    totalPrice: money().notNull(),
    notes: text(),
    createdAt: createdAt(),
  },
  // Every line in the list's order, the id last so that a cursor names one line (migration 0017).
  (t) => [index("order_items_order_idx").on(t.orderId, t.position, t.createdAt, t.id)],
);
