import { and, eq, inArray } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import {
  mayDeleteAttachment,
  attachmentSizeError,
  attachmentTypeError,
  cleanFileName,
  detectFileType,
  isImageMime,
  MAX_ATTACHMENT_BYTES,
  nameForType,
  type AttachmentEntityType,
} from "@domain/attachments";
import type { Db, Queryable } from "../../db/client";
import { attachments } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { ATTACHMENT_IMAGE_LIMITS, damagedImage, imageLooksComplete, imageTooLarge } from "../../lib/image-dimensions";
import { newStorageKey, type FileStorage } from "../../storage";
import { recordActivity } from "../activity/record";
import { attachmentColumns, findAttachment, findOwner, type AttachmentRow } from "./queries";

const NOT_FOUND = "Allegato non trovato";
const ENTITY_NOT_FOUND: Record<AttachmentEntityType, string> = {
  survey: "Sopralluogo non trovato",
  site: "Cantiere non trovato",
};

/** One uploaded file as services read it: the route hands over @fastify/multipart's parts, which fit. */
export interface UploadedFile {
  type: "file";
  filename: string;
  toBuffer(): Promise<Buffer>;
  /** Cut at the upload's size limit. */
  file: { truncated: boolean };
}
export type UploadPart = UploadedFile | { type: "field" };

/**
 * Reads one uploaded file and checks it like every attachment (site documents reuse it): size,
 * real type from its bytes, pixel size of images. `field` names the form field in the 400 answer.
 */
export async function checkedFile(part: UploadedFile, field = "files") {
  const data = await part.toBuffer();
  const name = part.filename || "file";
  if (part.file.truncated || data.length > MAX_ATTACHMENT_BYTES)
    throw badRequest(attachmentSizeError(name), { [field]: attachmentSizeError(name) });
  if (data.length === 0) throw badRequest(`Il file "${name}" è vuoto`, { [field]: `Il file "${name}" è vuoto` });
  const type = detectFileType(data);
  if (!type) throw badRequest(attachmentTypeError(name), { [field]: attachmentTypeError(name) });
  // Pixel size from the header, before anything decodes the image (decompression bombs).
  const tooLarge = isImageMime(type.mime) ? imageTooLarge(data, name, ATTACHMENT_IMAGE_LIMITS) : null;
  if (tooLarge) throw badRequest(tooLarge, { [field]: tooLarge });
  // A truncated image (a header alone) is refused, not stored as a photo nobody can open.
  if (isImageMime(type.mime) && !imageLooksComplete(data, type.mime))
    throw badRequest(damagedImage(name), { [field]: damagedImage(name) });
  // Stored name and display name both carry the detected type's extension, never the client's.
  return { data, type, fileName: nameForType(cleanFileName(part.filename, type.ext), type.ext) };
}

interface Stored {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
}

/**
 * Stores every file of a multipart upload, checking each one's real type from its bytes and
 * its size; if any file is refused, those already stored are removed and nothing is recorded.
 */
export async function uploadAttachments(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  entityType: AttachmentEntityType,
  entityId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<AttachmentRow[]> {
  const owner = await findOwner(db, entityType, entityId);
  if (!owner) throw notFound(ENTITY_NOT_FOUND[entityType]);
  const stored: Stored[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== "file") continue;
      const file = await checkedFile(part);
      const key = newStorageKey(`${entityType}/${entityId}`, file.type.ext);
      await storage.put(key, file.data);
      stored.push({ key, fileName: file.fileName, mimeType: file.type.mime, size: file.data.length });
    }
    if (stored.length === 0)
      throw badRequest("Nessun file ricevuto: scegli almeno un file", { files: "Scegli almeno un file" });
    // One statement gives every row the same now(): a millisecond apart keeps the upload order.
    const base = Date.now();
    return await db.transaction(async (tx) => {
      const rows = await tx
        .insert(attachments)
        .values(
          stored.map((s, i) => ({
            createdAt: new Date(base + i).toISOString(),
            entityType,
            entityId,
            fileName: s.fileName,
            mimeType: s.mimeType,
            size: s.size,
            storageKey: s.key,
            uploadedBy: actor.userId,
          })),
        )
        .returning(attachmentColumns);
      await recordActivity(tx, actor, {
        action: "upload",
        entityType,
        entityId,
        clientId: owner.clientId,
        description:
          stored.length === 1
            ? `Allegato ${stored[0]!.fileName} aggiunto al ${owner.label}`
            : `${stored.length} allegati aggiunti al ${owner.label}`,
      });
      return rows as AttachmentRow[];
    });
  } catch (err) {
    await Promise.all(stored.map((s) => storage.delete(s.key).catch(() => undefined)));
    throw err;
  }
}

export async function setShared(db: Db, actor: Actor, id: string, sharedWithClient: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(attachments)
      .set({ sharedWithClient })
      .where(eq(attachments.id, id))
      .returning(attachmentColumns);
    if (!row) throw notFound(NOT_FOUND);
    await recordActivity(tx, actor, {
      action: "update",
      entityType: row.entityType,
      entityId: row.entityId,
      description: `Allegato ${row.fileName} ${sharedWithClient ? "condiviso con il cliente" : "non più condiviso con il cliente"}`,
    });
    return row as AttachmentRow;
  });
}

export async function deleteAttachment(db: Db, storage: FileStorage, actor: Actor, id: string) {
  const key = await db.transaction(async (tx) => {
    const row = await findAttachment(tx, id);
    if (!row) throw notFound(NOT_FOUND);
    // A technician removes only what he uploaded; the office's documents are the office's (issue 26).
    if (!mayDeleteAttachment({ id: actor.userId, role: actor.role }, row))
      throw forbidden("Puoi eliminare solo i file che hai caricato tu: chiedi all'ufficio per gli altri");
    await tx.delete(attachments).where(eq(attachments.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: row.entityType,
      entityId: row.entityId,
      description: `Allegato ${row.fileName} eliminato`,
    });
    return row.storageKey;
  });
  await storage.delete(key).catch(() => undefined);
}

/**
 * Removes the attachment rows of a record being deleted, inside the caller's transaction,
 * and returns their storage keys: the caller deletes the files after committing.
 */
export async function detachAll(tx: Queryable, entityType: AttachmentEntityType, entityId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: attachments.id, key: attachments.storageKey })
    .from(attachments)
    .where(and(eq(attachments.entityType, entityType), eq(attachments.entityId, entityId)));
  if (rows.length)
    await tx.delete(attachments).where(
      inArray(
        attachments.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => r.key);
}
