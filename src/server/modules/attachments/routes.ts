import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attachmentPatchSchema, attachmentQuerySchema, attachmentSchema, MAX_ATTACHMENT_BYTES, MAX_FILES_PER_UPLOAD } from "@domain/attachments";
import { idParams } from "@domain/common";
import { z } from "@domain/zod";
import { clientScope } from "../../auth/guard";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import { storageFor } from "../../storage";
import { clientMaySeeAttachment, clientOwnsEntity } from "./access";
import { findAttachment, listAttachments } from "./queries";
import { deleteAttachment, setShared, uploadAttachments } from "./service";

const NOT_FOUND = "Allegato non trovato";

const fileQuery = z.object({
  /** Thumbnails are the image itself for now: the browser scales it. */
  thumb: z.enum(["0", "1"]).optional(),
  download: z.enum(["0", "1"]).optional(),
});

/** RFC 6266 header with a plain fallback and the UTF-8 name ("Tetto ù.jpg"). */
function disposition(kind: "inline" | "attachment", fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Photos and documents of surveys and sites (decisions §7). Admin only, except reading:
 * a portal user reads the shared files of their own sites (see clientMaySeeAttachment).
 */
export const attachmentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config);
  // Registered here so multipart parsing exists only for these routes.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10 },
  });

  app.get(
    "/api/attachments",
    {
      config: { access: "user" },
      schema: { tags: ["allegati"], querystring: attachmentQuerySchema, response: { 200: z.array(attachmentSchema) } },
    },
    async (request) => {
      const { entityType, entityId } = request.query;
      const scope = clientScope(request);
      if (scope && !(await clientOwnsEntity(db, scope, entityType, entityId))) return [];
      return listAttachments(db, entityType, entityId, scope !== null);
    },
  );

  app.post(
    "/api/attachments",
    { schema: { tags: ["allegati"], consumes: ["multipart/form-data"], querystring: attachmentQuerySchema, response: { 201: z.array(attachmentSchema) } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest("La richiesta deve contenere dei file (multipart/form-data)", { files: "Scegli almeno un file" });
      const { entityType, entityId } = request.query;
      const rows = await uploadAttachments(db, storage, request, entityType, entityId, request.parts());
      return reply.status(201).send(rows);
    },
  );

  app.get(
    "/api/attachments/:id/file",
    { config: { access: "user" }, schema: { tags: ["allegati"], params: idParams, querystring: fileQuery } },
    async (request, reply) => {
      const row = await findAttachment(db, request.params.id);
      const scope = clientScope(request);
      if (!row || (scope && !(await clientMaySeeAttachment(db, scope, row)))) throw notFound(NOT_FOUND);
      const data = await storage.get(row.storageKey);
      if (!data) throw notFound("File non trovato nell'archivio");
      const inline = request.query.download !== "1";
      return reply
        .header("Content-Type", row.mimeType)
        // The type detected at upload, never sniffed by the browser (helmet sets it too).
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Length", String(data.length))
        .header("Content-Disposition", disposition(inline ? "inline" : "attachment", row.fileName))
        .header("Cache-Control", "private, max-age=3600")
        .send(data);
    },
  );

  app.patch(
    "/api/attachments/:id",
    { schema: { tags: ["allegati"], params: idParams, body: attachmentPatchSchema, response: { 200: attachmentSchema } } },
    async (request) => setShared(db, request, request.params.id, request.body.sharedWithClient),
  );

  app.delete(
    "/api/attachments/:id",
    { schema: { tags: ["allegati"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAttachment(db, storage, request, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
