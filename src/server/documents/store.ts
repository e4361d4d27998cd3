import crypto from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, Queryable, Tx } from "../db/client";
import { storedDocuments } from "../db/schema";

// Documents as issued (docs/domain/invoices.md): produced once inside the transaction that issues them,
// kept as bytes in the database, and answered byte for byte with a strong ETag ever after.

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

/** True when the request's If-None-Match names this ETag (or "*"). */
export function notModified(request: FastifyRequest, etag: string) {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/**
 * Answers a stored document: exactly its bytes, the strong ETag "sha256", 304 to a matching
 * If-None-Match. The bytes never change, but access may (a session ends, a role changes), so
 * the browser keeps a private copy and asks again each time: `private, no-cache`. Set here
 * explicitly so it wins over the app's default for authenticated answers.
 */
export function sendStoredDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: Pick<StoredDocument, "bytes" | "sha256" | "fileName" | "contentType">,
  disposition: "inline" | "attachment",
) {
  const etag = `"${doc.sha256}"`;
  reply.header("ETag", etag).header("Cache-Control", "private, no-cache");
  if (notModified(request, etag)) return reply.status(304).send();
  return reply
    .header("Content-Type", doc.contentType)
    .header("Content-Disposition", `${disposition}; filename="${doc.fileName}"`)
    .send(doc.bytes);
}

/** A PDF rendered for this request (a draft, or a document that is not frozen): never kept. */
export function sendRenderedPdf(reply: FastifyReply, pdf: Buffer, fileName: string, disposition: "inline" | "attachment") {
  return reply
    .header("Content-Type", "application/pdf")
    .header("Content-Disposition", `${disposition}; filename="${fileName}"`)
    .header("Cache-Control", "private, no-store")
    .send(pdf);
}
