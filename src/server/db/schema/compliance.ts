import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { complianceKinds } from "@domain/compliance";
import { users } from "./accounts";
import { createdAt, id, oneOf, timestampTz, updatedAt, version } from "./columns";
import { constructionSites } from "./work";
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

/**
 * Each site's required papers (with the best document covering them) and its other papers on file,
 * kept by triggers on sites, orders, suppliers and compliance documents in the writing transaction
 * (drizzle/0018_deadlines_speed.sql; docs/decisions/015-deadlines-speed.md). It stores no state:
 * mancante / scaduto / in scadenza / valido are derived from `validUntil` and today's date when
 * read. `sortDate` is the expiry the list orders by (NULL when missing, 'infinity' when the paper
 * has no expiry). Derived data: backups leave it out, the triggers rebuild it on restore.
 */
export const complianceRequirements = pgTable(
  "compliance_requirements",
  {
    siteId: uuid().notNull(),
    siteName: text().notNull(),
    siteSort: text().notNull(),
    siteStatus: text().notNull(),
    kind: text({ enum: complianceKinds.values }).notNull(),
    kindRank: integer().notNull(),
    supplierId: uuid(),
    supplierName: text(),
    required: boolean().notNull(),
    documentId: uuid(),
    title: text(),
    validUntil: date({ mode: "string" }),
    sortDate: date({ mode: "string" }),
  },
  (t) => {
    const docs = [
      t.sortDate,
      t.siteSort,
      t.siteId,
      t.kindRank,
      t.supplierName.asc().nullsFirst(),
      t.documentId,
    ] as const;
    // The firm's id last: two firms of one name missing the same paper (drizzle/0021, keyset cursors).
    const missing = [t.siteSort, t.siteId, t.kindRank, t.supplierName.asc().nullsFirst(), t.supplierId] as const;
    const open = sql`${t.siteStatus} <> 'completato'`;
    return [
      index("compliance_requirements_docs_idx")
        .on(...docs)
        .where(sql`${t.documentId} IS NOT NULL`),
      index("compliance_requirements_docs_open_idx")
        .on(...docs)
        .where(sql`${t.documentId} IS NOT NULL AND ${open}`),
      index("compliance_requirements_missing_idx")
        .on(...missing)
        .where(sql`${t.documentId} IS NULL`),
      index("compliance_requirements_missing_open_idx")
        .on(...missing)
        .where(sql`${t.documentId} IS NULL AND ${open}`),
      index("compliance_requirements_site_idx").on(t.siteId),
      index("compliance_requirements_supplier_idx").on(t.supplierId),
    ];
  },
);

/**
 * How many compliance_requirements rows each site status has, kept by statement-level triggers on
 * that table in the writing transaction (drizzle/0025_compliance_totals.sql). Every state of every
 * paper is one row there, so the Scadenze list's count without a filter but the sites' is a sum
 * over these few rows. Derived data: backups leave it out.
 */
export const complianceRequirementTotals = pgTable("compliance_requirement_totals", {
  siteStatus: text().primaryKey(),
  count: integer().notNull().default(0),
});

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
