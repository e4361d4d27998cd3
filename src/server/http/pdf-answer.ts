import type { FastifyReply, FastifyRequest } from "fastify";
import { withPdfSlot } from "./pdf-slot";
import type { StoredDocument } from "../documents/store";
import { sendRenderedPdf, sendStoredDocument } from "./stored-document";

/**
 * Which bytes a document's PDF answers, decided by its module without seeing the request: the
 * stored (frozen) bytes, or a rendering done now (a draft), which the route runs in the caller's
 * PDF slot.
 */
export type PdfSource =
  | { stored: Pick<StoredDocument, "bytes" | "sha256" | "fileName" | "contentType"> }
  | { render: () => Promise<{ pdf: Buffer; fileName: string }> };

export function pdfDisposition(query: unknown): "inline" | "attachment" {
  return (query as { download?: string } | undefined)?.download === "1" ? "attachment" : "inline";
}

/** Answers a PDF source: stored bytes with their ETag (304), a rendering in the caller's slot. */
export async function sendPdf(request: FastifyRequest, reply: FastifyReply, source: PdfSource) {
  const disposition = pdfDisposition(request.query);
  if ("stored" in source) return sendStoredDocument(request, reply, source.stored, disposition);
  const { pdf, fileName } = await withPdfSlot(request, reply, source.render);
  return sendRenderedPdf(reply, pdf, fileName, disposition);
}
