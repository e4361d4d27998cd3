import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { serviceStatuses } from "@domain/statuses";
import { createdAt, id, money, oneOf, trigramIndex, updatedAt, version } from "./columns";

export const services = pgTable(
  "services",
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    category: text(),
    unitPrice: money().notNull(),
    unit: text().notNull().default("mq"),
    status: text({ enum: serviceStatuses.values }).notNull().default("attivo"),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("services_status_check", oneOf(t.status, serviceStatuses.values)),
    check("services_price_check", sql`${t.unitPrice} >= 0`),
    index("services_name_idx").on(sql`lower(${t.name})`),
    index("services_category_status_idx").on(t.category, t.status),
    index("services_list_idx").on(sql`lower(${t.name})`, t.id.desc().nullsFirst()),
    // A chosen sort, then the id in its direction (migration 0017).
    index("services_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("services_price_sort_idx").on(t.unitPrice, t.id),
    index("services_category_sort_idx").on(t.category, t.id),
    index("services_created_sort_idx").on(t.createdAt, t.id),
    // The line editor's service search (migration 0020).
    trigramIndex("services_name_trgm", t.name),
    trigramIndex("services_description_trgm", t.description),
  ],
);
