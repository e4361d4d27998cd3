import { endpoint, type Endpoint } from "../../http/endpoint";
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
export const attachmentEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  // Multipart parsing exists only for the upload route (its own scope, http/register.ts).
  const multipartOptions = {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: MAX_FILES_PER_UPLOAD + 10 },
  };
  const storage = storageFor(config, db);
  return [
    endpoint({
      method: "GET",
      url: "/api/attachments",
      access: "staff",
      summary: "Foto e documenti di un sopralluogo o cantiere",
      schema: { tags: ["allegati"], querystring: attachmentQuerySchema, response: { 200: z.array(attachmentSchema) } },
      handler: async (request) => {
        const { entityType, entityId } = request.query;
        return listAttachments(db, entityType, entityId);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/attachments",
      access: "staff",
      summary: "Carica foto o documenti su un sopralluogo o un cantiere",
      schema: { tags: ["allegati"], consumes: ["multipart/form-data"], querystring: attachmentQuerySchema, response: { 201: z.array(attachmentSchema) } },
      multipart: multipartOptions,
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw badRequest("La richiesta deve contenere dei file (multipart/form-data)", { files: "Scegli almeno un file" });
        const { entityType, entityId } = request.query;
        const rows = await uploadAttachments(db, storage, actorOf(request), entityType, entityId, request.parts());
        return reply.status(201).send(rows);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/attachments/:id/file",
      access: "staff",
      summary: "Il file di un allegato",
      schema: { tags: ["allegati"], params: idParams, querystring: attachmentFileQuery },
      handler: async (request, reply) => {
        const row = await findAttachment(db, request.params.id);
        if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
        return sendStoredFile(reply, storage, row, request.query.download === "1");
      },
    }),

    endpoint({
      method: "PATCH",
      url: "/api/attachments/:id",
      access: "office",
      summary: "Condivide o no un allegato con il cliente",
      schema: { tags: ["allegati"], params: idParams, body: attachmentPatchSchema, response: { 200: attachmentSchema } },
      handler: async (request) => setShared(db, actorOf(request), request.params.id, request.body.sharedWithClient),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/attachments/:id",
      access: "staff",
      summary: "Elimina un allegato",
      schema: { tags: ["allegati"], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteAttachment(db, storage, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
