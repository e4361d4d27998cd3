import { crudEndpoints } from "../../http/crud";
import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import {
  estimateAcceptSchema,
  estimateActionSchema,
  estimateDetailSchema,
  estimateInputSchema,
  estimateListQuerySchema,
  estimateRequestChangesSchema,
  estimateSchema,
  estimateUpdateSchema,
  type EstimateDetail,
} from "@domain/estimates";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { acceptEstimate, rejectEstimate, requestEstimateChanges, sendEstimate } from "./actions";
import { estimateItemEndpoints } from "./item-routes";
import { estimatePdfSource } from "./pdf";
import { sendPdf } from "../../http/pdf-answer";
import { countEstimates, estimateKeyset, getEstimateDetail, listEstimates } from "./queries";
import { createEstimate, deleteEstimate, duplicateEstimate, ESTIMATE_NOT_FOUND, updateEstimate } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["preventivi"];

export const estimateEndpoints = (deps: AppDeps): Endpoint[] => {
  const { db, config } = deps;
  return [
    ...crudEndpoints({
      base: "/api/estimates",
      tags,
      access: { read: "office", write: "office" },
      row: estimateSchema,
      list: {
        summary: "Elenco dei preventivi",
        query: estimateListQuerySchema,
        keyset: estimateKeyset,
        rows: (query, ks) => listEstimates(db, query, null, ks),
        count: (query) => countEstimates(db, query, null),
      },
      read: {
        summary: "Un preventivo con le sue righe",
        response: estimateDetailSchema,
        find: (id) => getEstimateDetail(db, id, null),
        notFound: ESTIMATE_NOT_FOUND,
      },
      create: { summary: "Crea un preventivo in bozza", body: estimateInputSchema, run: (actor, body) => createEstimate(db, actor, body) },
      update: { summary: "Modifica un preventivo non accettato (torna in bozza)", body: estimateUpdateSchema, run: (actor, id, body) => updateEstimate(db, actor, id, body) },
      remove: { summary: "Elimina un preventivo non accettato", run: (actor, id) => deleteEstimate(db, actor, id) },
    }),

    endpoint({
      method: "GET",
      url: "/api/estimates/:id/pdf",
      access: "office",
      summary: "PDF del preventivo",
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: z.enum(["0", "1"]).optional() }),
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
      handler: async (request, reply) => {
        const detail = await getEstimateDetail(db, request.params.id, null);
        if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
        return sendPdf(request, reply, await estimatePdfSource(db, config, detail as EstimateDetail));
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/estimates/:id/duplicate",
      access: "office",
      summary: "Duplica un preventivo in una nuova bozza",
      schema: { tags, params: idParams, response: { 201: estimateSchema } },
      handler: async (request, reply) => reply.status(201).send(await duplicateEstimate(db, actorOf(request), request.params.id)),
    }),

    endpoint({
      method: "POST",
      url: "/api/estimates/:id/send",
      access: "office",
      summary: "Invia il preventivo al cliente",
      schema: {
        tags,
        params: idParams,
        body: estimateActionSchema.optional(),
        response: { 200: estimateSchema.extend({ mailStatus: z.enum(["sent", "stored", "failed"]) }) },
      },
      handler: async (request) => sendEstimate(deps, actorOf(request), request.params.id, request.body?.version),
    }),

    endpoint({
      method: "POST",
      url: "/api/estimates/:id/accept",
      // The administrator records the client's acceptance; the portal has its own route.
      access: "office",
      summary: "Registra l'accettazione del cliente e crea il contratto in bozza",
      schema: {
        tags,
        params: idParams,
        body: estimateAcceptSchema,
        response: { 200: estimateSchema.extend({ contract: z.object({ id: z.string(), number: z.string() }) }) },
      },
      handler: async (request) =>
        acceptEstimate(db, actorOf(request), request.params.id, request.body.signedBy, request.body.version, null, config),
    }),

    endpoint({
      method: "POST",
      url: "/api/estimates/:id/reject",
      access: "office",
      summary: "Segna il preventivo come rifiutato",
      schema: { tags, params: idParams, body: estimateActionSchema.optional(), response: { 200: estimateSchema } },
      handler: async (request) => rejectEstimate(db, actorOf(request), request.params.id, request.body?.version),
    }),

    endpoint({
      method: "POST",
      url: "/api/estimates/:id/request-changes",
      access: "office",
      summary: "Registra una richiesta di modifiche al preventivo",
      schema: { tags, params: idParams, body: estimateRequestChangesSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await requestEstimateChanges(deps, actorOf(request), request.params.id, request.body.message, null);
        return reply.status(204).send(null);
      },
    }),

    ...estimateItemEndpoints(deps),
  ];
};
