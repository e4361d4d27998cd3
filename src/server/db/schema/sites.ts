import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { siteStatuses } from "@domain/statuses";
import { createdAt, id, money, oneOf, trigramIndex, updatedAt, version } from "./columns";
import { users } from "./accounts";
import { estimates } from "./estimates";

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
