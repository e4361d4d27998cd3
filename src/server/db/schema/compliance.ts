import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { complianceKinds } from "@domain/compliance";
import { users } from "./accounts";
import { createdAt, id, oneOf, timestampTz, updatedAt, version } from "./columns";
import { constructionSites } from "./sites";
import { suppliers } from "./suppliers";

/**
 * Safety and permit papers (docs/domain/sites.md). A document belongs to a site, to a
 * supplier (its DURC and idoneità, reused on every site the supplier works on), or to both.
 * `validUntil` is the effective expiry the server computes (a DURC without a date lasts 120 days
 * from issue), so lists filter and sort on it in SQL.
 */
export const complianceDocuments = pgTable(
  "compliance_documents",
  {
    id: id(),
    constructionSiteId: uuid().references(() => constructionSites.id, { onDelete: "cascade" }),
    supplierId: uuid().references(() => suppliers.id, { onDelete: "cascade" }),
    kind: text({ enum: complianceKinds.values }).notNull(),
    title: text().notNull(),
    issuedAt: date({ mode: "string" }),
    expiresAt: date({ mode: "string" }),
    validUntil: date({ mode: "string" }),
    notes: text(),
    fileKey: text(),
    fileName: text(),
    fileMime: text(),
    fileSize: integer(),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("compliance_documents_kind_check", oneOf(t.kind, complianceKinds.values)),
    check("compliance_documents_owner_check", sql`${t.constructionSiteId} is not null or ${t.supplierId} is not null`),
    index("compliance_site_kind_idx").on(t.constructionSiteId, t.kind, t.validUntil),
    index("compliance_supplier_kind_idx").on(t.supplierId, t.kind, t.validUntil),
    index("compliance_valid_until_idx").on(t.validUntil),
  ],
);

/** One row per daily job and Rome day: the primary key makes "once a day" hold across instances. */
export const dailyJobRuns = pgTable(
  "daily_job_runs",
  {
    job: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    ranAt: timestampTz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "daily_job_runs_pk", columns: [t.job, t.day] })],
);
