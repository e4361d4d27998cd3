import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { orderStatuses, supplierStatuses } from "@domain/statuses";
import { createdAt, id, money, oneOf, quantity, timestampTz, trigramIndex, updatedAt, version } from "./columns";
import { constructionSites } from "./sites";

export const suppliers = pgTable(
  "suppliers",
  {
    id: id(),
    name: text().notNull(),
    vatNumber: text(),
    address: text(),
    city: text().notNull(),
    province: text(),
    zipCode: text(),
    phone: text(),
    email: text(),
    website: text(),
    contactPerson: text(),
    notes: text(),
    /** A firm that works on the sites it supplies (subcontractor): its DURC and idoneità are required there. */
    isSubcontractor: boolean().notNull().default(false),
    status: text({ enum: supplierStatuses.values }).notNull().default("attivo"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("suppliers_vat_unique").on(t.vatNumber),
    check("suppliers_status_check", oneOf(t.status, supplierStatuses.values)),
    index("suppliers_name_idx").on(sql`lower(${t.name})`),
    index("suppliers_city_idx").on(sql`lower(${t.city})`),
    trigramIndex("suppliers_name_trgm", t.name),
    index("suppliers_list_idx").on(sql`lower(${t.name})`, t.id.desc().nullsFirst()),
    // A chosen sort, then the id in its direction (migration 0017).
    index("suppliers_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("suppliers_city_sort_idx").on(sql`lower(${t.city})`, t.id),
    index("suppliers_created_sort_idx").on(t.createdAt, t.id),
    index("suppliers_status_sort_idx").on(t.status, t.id),
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
