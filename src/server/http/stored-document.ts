import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredDocument } from "../documents/store";

// The HTTP answers of documents (documents/store.ts keeps them): stored bytes with a strong ETag,
// and PDFs rendered for one request.

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
