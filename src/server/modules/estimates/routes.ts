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
import { sendKeysetPage } from "../../http/page";
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
    endpoint({
      method: "GET",
      url: "/api/estimates",
      access: "office",
      summary: "Elenco dei preventivi",
      schema: { tags, querystring: estimateListQuerySchema, response: { 200: z.array(estimateSchema) } },
      handler: async (request, reply) => {
        const ks = estimateKeyset(request.query);
        const rows = listEstimates(db, request.query, null, ks);
        return sendKeysetPage(reply, ks, request.query, rows, countEstimates(db, request.query, null));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/estimates/:id",
      access: "office",
      summary: "Un preventivo con le sue righe",
      schema: { tags, params: idParams, response: { 200: estimateDetailSchema } },
      handler: async (request) => {
        const detail = await getEstimateDetail(db, request.params.id, null);
        if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
        return detail;
      },
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
      url: "/api/estimates",
      access: "office",
      summary: "Crea un preventivo in bozza",
      schema: { tags, body: estimateInputSchema, response: { 201: estimateSchema } },
      handler: async (request, reply) => reply.status(201).send(await createEstimate(db, actorOf(request), request.body)),
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
      method: "PUT",
      url: "/api/estimates/:id",
      access: "office",
      summary: "Modifica un preventivo",
      schema: { tags, params: idParams, body: estimateUpdateSchema, response: { 200: estimateSchema } },
      handler: async (request) => updateEstimate(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/estimates/:id",
      access: "office",
      summary: "Elimina un preventivo",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteEstimate(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
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
      summary: "Registra l'accettazione del cliente",
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
