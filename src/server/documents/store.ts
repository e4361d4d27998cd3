import crypto from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../db/client";
import { storedDocuments } from "../db/schema";

// Documents as issued (docs/domain/invoices.md): produced once inside the transaction that issues them,
// kept as bytes in the database, and answered byte for byte with a strong ETag ever after (http/stored-document.ts).

export type StoredOwner = (typeof storedDocuments.$inferSelect)["ownerType"];
export type StoredKind = (typeof storedDocuments.$inferSelect)["kind"];

export const sha256Hex = (bytes: Buffer | string) => crypto.createHash("sha256").update(bytes).digest("hex");

export interface NewStoredDocument {
  ownerType: StoredOwner;
  ownerId: string;
  kind: StoredKind;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Stores the bytes (inside the caller's transaction) and returns their sha256. */
export async function storeDocument(tx: Tx, doc: NewStoredDocument): Promise<string> {
  const sha256 = sha256Hex(doc.bytes);
  await tx
    .insert(storedDocuments)
    .values({ ...doc, sha256 })
    .onConflictDoNothing({
      target: [storedDocuments.ownerType, storedDocuments.ownerId, storedDocuments.kind, storedDocuments.sha256],
    });
  return sha256;
}

/** The owner's document of that kind: the one with that sha256 when given, else the newest. */
export async function findStoredDocument(
  db: Queryable,
  ownerType: StoredOwner,
  ownerId: string,
  kind: StoredKind,
  sha256?: string | null,
) {
  const [row] = await db
    .select()
    .from(storedDocuments)
    .where(
      and(
        eq(storedDocuments.ownerType, ownerType),
        eq(storedDocuments.ownerId, ownerId),
        eq(storedDocuments.kind, kind),
        sha256 ? eq(storedDocuments.sha256, sha256) : undefined,
      ),
    )
    .orderBy(desc(storedDocuments.createdAt))
    .limit(1);
  return row ?? null;
}
export type StoredDocument = NonNullable<Awaited<ReturnType<typeof findStoredDocument>>>;

/**
 * The owner's stored PDF; when there is none yet (a document issued before documents were
 * stored), it is rendered now, once, under a lock on the owner, and stored for good.
 */
export async function storedPdfOrFreeze(
  db: Db,
  ownerType: StoredOwner,
  ownerId: string,
  render: (tx: Tx) => Promise<{ pdf: Buffer; fileName: string }>,
): Promise<StoredDocument> {
  const found = await findStoredDocument(db, ownerType, ownerId, "pdf");
  if (found) return found;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${ownerType}:${ownerId}`}))`);
    const again = await findStoredDocument(tx, ownerType, ownerId, "pdf");
    if (again) return again;
    const { pdf, fileName } = await render(tx);
    const sha256 = await storeDocument(tx, {
      ownerType,
      ownerId,
      kind: "pdf",
      fileName,
      contentType: "application/pdf",
      bytes: pdf,
    });
    return (await findStoredDocument(tx, ownerType, ownerId, "pdf", sha256))!;
  });
}
