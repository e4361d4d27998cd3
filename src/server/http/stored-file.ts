import type { FastifyReply } from "fastify";
import { notModified } from "./stored-document";
import type { FileStorage } from "../storage";
import { notFound } from "./errors";

/** RFC 6266 header with a plain fallback and the UTF-8 name ("Tetto ù.jpg"). */
function disposition(kind: "inline" | "attachment", fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The stored bytes of a file the caller may see (an attachment or a compliance document, on the
 * admin route and the portal route alike),
 * with the strong ETag "sha256": a browser that has them gets 304 without the bytes being read
 * (from the `files` table the 304 costs one index lookup). Access is checked before, every time.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  row: { storageKey: string; mimeType: string; fileName: string },
  download: boolean,
) {
  const info = await storage.info(row.storageKey);
  if (!info) throw notFound("File non trovato nell'archivio");
  const etag = `"${info.sha256}"`;
  reply.header("ETag", etag);
  if (notModified(reply.request, etag)) return reply.status(304).header("Cache-Control", "private, max-age=3600").send();
  const data = await storage.get(row.storageKey);
  if (!data) throw notFound("File non trovato nell'archivio");
  return reply
    .header("Content-Type", row.mimeType)
    // The type detected at upload, never sniffed by the browser (helmet sets it too).
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Length", String(data.length))
    .header("Content-Disposition", disposition(download ? "attachment" : "inline", row.fileName))
    .header("Cache-Control", "private, max-age=3600")
    .send(data);
}
