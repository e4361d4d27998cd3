import { check, customType, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf } from "./columns";

/**
 * bytea as a Buffer on both drivers: node-postgres hands back a Buffer, PGlite a Uint8Array.
 * Stored documents are small (a PDF is tens of kB) and living in the database keeps them inside
 * the same transaction as the status change that produced them, and inside the backup.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

export const storedDocumentOwners = ["invoice", "estimate", "contract"] as const;
export const storedDocumentKinds = ["pdf", "xml"] as const;

/**
 * Documents as issued (docs/domain/invoices.md): the PDF and FatturaPA
 * of an issued invoice, the PDF of an accepted estimate and of a signed contract, produced once
 * and served byte for byte ever after. The owner records the sha256 of its current file; older
 * files of the same owner (e.g. a FatturaPA re-issued after an SdI rejection) stay as history.
 */
export const storedDocuments = pgTable(
  "documents",
  {
    id: id(),
    ownerType: text({ enum: storedDocumentOwners }).notNull(),
    ownerId: uuid().notNull(),
    kind: text({ enum: storedDocumentKinds }).notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    /** Lower-case hex sha256 of bytes: the strong ETag of every download. */
    sha256: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("documents_owner_kind_sha_unique").on(t.ownerType, t.ownerId, t.kind, t.sha256),
    index("documents_owner_idx").on(t.ownerType, t.ownerId),
    check("documents_owner_type_check", oneOf(t.ownerType, storedDocumentOwners)),
    check("documents_kind_check", oneOf(t.kind, storedDocumentKinds)),
  ],
);
