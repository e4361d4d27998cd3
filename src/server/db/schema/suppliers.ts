import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { supplierStatuses } from "@domain/statuses";
import { createdAt, id, oneOf, trigramIndex, updatedAt, version } from "./columns";

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
