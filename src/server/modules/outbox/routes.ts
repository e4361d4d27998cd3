import type { FastifyRequest } from "fastify";
import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import { outboxDetailSchema, outboxListQuerySchema, outboxMessageSchema } from "@domain/outbox";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../http/page";
import { requireUser } from "../../auth/guard";
import { storageFor } from "../../storage";
import { countOutboxMessages, findOutboxMessage, listOutboxMessages, outboxKeyset, toMessage } from "./queries";

const NOT_FOUND = "Messaggio non trovato";

/** A message with a one-time link exists only for administrators: to the office it is not found. */
const withRestricted = (request: FastifyRequest) => requireUser(request).role === "admin";

function disposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** "Posta in uscita": read-only for the office; the mail module writes it. */
export const outboxEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  const storage = storageFor(config, db);
  return [
    endpoint({
      method: "GET",
      url: "/api/outbox",
      access: "office",
      summary: "Posta in uscita: email inviate, in attesa o non riuscite",
      schema: { tags: ["posta"], querystring: outboxListQuerySchema, response: { 200: z.array(outboxMessageSchema) } },
      handler: async (request, reply) => {
        const params = { ...request.query, withRestricted: withRestricted(request) };
        const ks = outboxKeyset(params);
        return sendKeysetPage(reply, ks, params, listOutboxMessages(db, params, ks), countOutboxMessages(db, params));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/outbox/:id",
      access: "office",
      summary: "Un messaggio della posta in uscita",
      schema: { tags: ["posta"], params: idParams, response: { 200: outboxDetailSchema } },
      handler: async (request) => {
        const row = await findOutboxMessage(db, request.params.id, withRestricted(request));
        if (!row) throw notFound(NOT_FOUND);
        return toMessage(row) as z.infer<typeof outboxDetailSchema>;
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/outbox/:id/attachments/:index",
      access: "office",
      summary: "Un allegato di un messaggio in uscita",
      schema: { tags: ["posta"], params: idParams.extend({ index: z.coerce.number().int().min(0).max(100) }) },
      handler: async (request, reply) => {
        const row = await findOutboxMessage(db, request.params.id, withRestricted(request));
        const attachment = row?.attachments?.[request.params.index];
        if (!attachment) throw notFound("Allegato non trovato");
        const data = await storage.get(attachment.storageKey);
        if (!data) throw notFound("Allegato non trovato");
        return reply.type(attachment.mimeType).header("Content-Disposition", disposition(attachment.fileName)).send(data);
      },
    }),
  ];
};
