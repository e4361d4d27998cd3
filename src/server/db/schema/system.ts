import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { clients } from "./clients";
import { createdAt, id, timestampTz } from "./columns";
import { bytea } from "./documents";

/** Next number per document kind and year, taken inside the document's own transaction. */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text().notNull(),
    year: integer().notNull(),
    lastValue: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export const activityLog = pgTable(
  "activity_log",
  {
    id: id(),
    at: createdAt(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: uuid(),
    /** The client the record belongs to, so portal timelines can be scoped. */
    clientId: uuid().references(() => clients.id, { onDelete: "set null" }),
    description: text().notNull(),
  },
  (t) => [index("activity_at_idx").on(t.at), index("activity_entity_idx").on(t.entityType, t.entityId, t.at)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    createdAt: createdAt(),
    /** "admin" for the company, or "client" with clientId for a portal user. */
    audience: text().notNull().default("admin"),
    clientId: uuid().references(() => clients.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text(),
    link: text(),
    entityType: text(),
    entityId: uuid(),
    readAt: timestampTz(),
  },
  (t) => [index("notifications_audience_idx").on(t.audience, t.readAt, t.createdAt)],
);

export const companySettings = pgTable("company_settings", {
  id: integer().primaryKey().default(1),
  companyName: text().notNull().default("Colmo Coperture S.r.l."),
  vatNumber: text(),
  fiscalCode: text(),
  address: text(),
  city: text(),
  province: text(),
  zipCode: text(),
  reaNumber: text(),
  phone: text(),
  email: text(),
  pec: text(),
  iban: text(),
  regimeFiscale: text().notNull().default("RF01"),
  defaultVatRate: text().notNull().default("22"),
  paymentTermsDays: integer().notNull().default(30),
  contractTerms: text(),
  logoKey: text(),
  logoMime: text(),
  /** Admins must sign in with a second factor (TOTP) once this is on. */
  requireTotpForAdmins: boolean().notNull().default(false),
  updatedAt: createdAt(),
});

export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    /** Site photos the admin chose to show in the client portal. */
    sharedWithClient: boolean().notNull().default(false),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("attachments_entity_idx").on(t.entityType, t.entityId)],
);

/** Mail: sent through SMTP when configured, otherwise kept here as "Posta in uscita". */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    createdAt: createdAt(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    attachments: jsonb().$type<{ fileName: string; mimeType: string; storageKey: string }[]>(),
    sentAt: timestampTz(),
    error: text(),
    /** Delivery attempts so far, and when the next may run (retries with backoff). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampTz(),
    /** Carries a one-time link: only administrators see that it exists (docs/domain/roles.md). */
    restricted: boolean().notNull().default(false),
    /** The link itself, kept only while an SMTP delivery is pending; never in `text`. */
    secretLink: text(),
  },
  (t) => [
    index("outbox_created_idx").on(t.createdAt),
    index("outbox_list_idx").on(t.createdAt, t.id),
    index("outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    // A chosen sort, then the id in its direction (migration 0017).
    index("outbox_subject_sort_idx").on(sql`lower(${t.subject})`, t.id),
    index("outbox_to_sort_idx").on(sql`lower(${t.to})`, t.id),
  ],
);

/**
 * Uploaded files (photos, attachments, the logo) kept in PostgreSQL when DATABASE_URL is set,
 * so every instance of a cluster serves the same bytes; the embedded default keeps them on disk.
 */
export const files = pgTable(
  "files",
  {
    key: text().primaryKey(),
    bytes: bytea().notNull(),
    size: integer().notNull(),
    mimeType: text(),
    sha256: text().notNull(),
    ownerType: text(),
    ownerId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index("files_owner_idx").on(t.ownerType, t.ownerId)],
);

/**
 * Answers already given to a write that carried an `Idempotency-Key` (the technician's offline
 * queue, docs/domain/sites.md): a resend after a lost answer gets the same answer and changes nothing.
 */
export const writeReceipts = pgTable(
  "write_receipts",
  {
    key: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text().notNull(),
    url: text().notNull(),
    statusCode: integer().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("write_receipts_user_created_idx").on(t.userId, t.createdAt)],
);
