import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { attachmentPatchSchema, attachmentQuerySchema, attachmentSchema, MAX_ATTACHMENT_BYTES, MAX_FILES_PER_UPLOAD } from "@domain/attachments";
import { idParams } from "@domain/common";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { badRequest, notFound } from "../../http/errors";
import { storageFor } from "../../storage";
import { ATTACHMENT_NOT_FOUND, attachmentFileQuery } from "./file-query";
import { sendStoredFile } from "../../http/stored-file";
import { findAttachment, listAttachments } from "./queries";
import { deleteAttachment, setShared, uploadAttachments } from "./service";
import { actorOf } from "../../auth/actor";

/**
 * Photos and documents of surveys and sites (docs/domain/operations.md): the firm's people upload, read and
 * remove them; sharing one with the client is the office's (PATCH). The portal reads the
 * shared files of the client's own sites through /api/portal/attachments (clientMaySeeAttachment).
 */
export const attachmentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config, db);
  // Registered here so multipart parsing exists only for these routes.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10 },
  });

  app.get(
    "/api/attachments",
    { config: { access: "staff" },
      schema: { tags: ["allegati"], querystring: attachmentQuerySchema, response: { 200: z.array(attachmentSchema) } },
    },
    async (request) => {
      const { entityType, entityId } = request.query;
      return listAttachments(db, entityType, entityId);
    },
  );

  app.post(
    "/api/attachments",
    { config: { access: "staff" }, schema: { tags: ["allegati"], consumes: ["multipart/form-data"], querystring: attachmentQuerySchema, response: { 201: z.array(attachmentSchema) } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest("La richiesta deve contenere dei file (multipart/form-data)", { files: "Scegli almeno un file" });
      const { entityType, entityId } = request.query;
      const rows = await uploadAttachments(db, storage, actorOf(request), entityType, entityId, request.parts());
      return reply.status(201).send(rows);
    },
  );

  app.get(
    "/api/attachments/:id/file",
    { config: { access: "staff" }, schema: { tags: ["allegati"], params: idParams, querystring: attachmentFileQuery } },
    async (request, reply) => {
      const row = await findAttachment(db, request.params.id);
      if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
      return sendStoredFile(reply, storage, row, request.query.download === "1");
    },
  );

  app.patch(
    "/api/attachments/:id",
    { config: { access: "office" }, schema: { tags: ["allegati"], params: idParams, body: attachmentPatchSchema, response: { 200: attachmentSchema } } },
    async (request) => setShared(db, actorOf(request), request.params.id, request.body.sharedWithClient),
  );

  app.delete(
    "/api/attachments/:id",
    { config: { access: "staff" }, schema: { tags: ["allegati"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAttachment(db, storage, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
