import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { sendKeysetPage } from "../../lib/list";
import { acceptEstimate, rejectEstimate, requestEstimateChanges, sendEstimate } from "./actions";
import { estimateItemRoutes } from "./item-routes";
import { estimatePdfSource } from "./pdf";
import { sendPdf } from "../../http/pdf-answer";
import { countEstimates, estimateKeyset, getEstimateDetail, listEstimates } from "./queries";
import { createEstimate, deleteEstimate, duplicateEstimate, ESTIMATE_NOT_FOUND, updateEstimate } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["preventivi"];

export const estimateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.get(
    "/api/estimates",
    {
      config: { access: "office" },
      schema: { tags, querystring: estimateListQuerySchema, response: { 200: z.array(estimateSchema) } },
    },
    async (request, reply) => {
      const ks = estimateKeyset(request.query);
      const rows = listEstimates(db, request.query, null, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countEstimates(db, request.query, null));
    },
  );

  app.get(
    "/api/estimates/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: estimateDetailSchema } } },
    async (request) => {
      const detail = await getEstimateDetail(db, request.params.id, null);
      if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    "/api/estimates/:id/pdf",
    {
      config: { access: "office" },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: z.enum(["0", "1"]).optional() }),
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
    },
    async (request, reply) => {
      const detail = await getEstimateDetail(db, request.params.id, null);
      if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
      return sendPdf(request, reply, await estimatePdfSource(db, config, detail as EstimateDetail));
    },
  );

  app.post(
    "/api/estimates",
    { config: { access: "office" }, schema: { tags, body: estimateInputSchema, response: { 201: estimateSchema } } },
    async (request, reply) => reply.status(201).send(await createEstimate(db, actorOf(request), request.body)),
  );

  app.post(
    "/api/estimates/:id/duplicate",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 201: estimateSchema } } },
    async (request, reply) => reply.status(201).send(await duplicateEstimate(db, actorOf(request), request.params.id)),
  );

  app.put(
    "/api/estimates/:id",
    {
      config: { access: "office" },
      schema: { tags, params: idParams, body: estimateUpdateSchema, response: { 200: estimateSchema } },
    },
    async (request) => updateEstimate(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/estimates/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteEstimate(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/estimates/:id/send",
    {
      config: { access: "office" },
      schema: {
        tags,
        params: idParams,
        body: estimateActionSchema.optional(),
        response: { 200: estimateSchema.extend({ mailStatus: z.enum(["sent", "stored", "failed"]) }) },
      },
    },
    async (request) => sendEstimate(deps, actorOf(request), request.params.id, request.body?.version),
  );

  app.post(
    "/api/estimates/:id/accept",
    {
      config: { access: "office" },
      // The administrator records the client's acceptance; the portal has its own route.
      schema: {
        tags,
        params: idParams,
        body: estimateAcceptSchema,
        response: { 200: estimateSchema.extend({ contract: z.object({ id: z.string(), number: z.string() }) }) },
      },
    },
    async (request) =>
      acceptEstimate(db, actorOf(request), request.params.id, request.body.signedBy, request.body.version, null, config),
  );

  app.post(
    "/api/estimates/:id/reject",
    {
      config: { access: "office" },
      schema: { tags, params: idParams, body: estimateActionSchema.optional(), response: { 200: estimateSchema } },
    },
    async (request) => rejectEstimate(db, actorOf(request), request.params.id, request.body?.version),
  );

  app.post(
    "/api/estimates/:id/request-changes",
    {
      config: { access: "office" },
      schema: { tags, params: idParams, body: estimateRequestChangesSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await requestEstimateChanges(deps, actorOf(request), request.params.id, request.body.message, null);
      return reply.status(204).send(null);
    },
  );

  await app.register(estimateItemRoutes, deps);
};
