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
import { clientScope } from "../../auth/guard";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { acceptEstimate, rejectEstimate, requestEstimateChanges, sendEstimate } from "./actions";
import { estimateItemRoutes } from "./item-routes";
import { sendStoredDocument, storedPdfOrFreeze } from "../../documents/store";
import { renderEstimatePdf } from "./pdf";
import { countEstimates, getEstimateDetail, listEstimates } from "./queries";
import { createEstimate, deleteEstimate, ESTIMATE_NOT_FOUND, updateEstimate } from "./service";
import { isAcceptedSnapshot } from "./snapshot";
import { estimates } from "../../db/schema";
import { eq } from "drizzle-orm";

const tags = ["preventivi"];

export const estimateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.get(
    "/api/estimates",
    {
      config: { access: "user" },
      schema: { tags, querystring: estimateListQuerySchema, response: { 200: z.array(estimateSchema) } },
    },
    async (request, reply) => {
      const scope = clientScope(request);
      const rows = await listEstimates(db, request.query, scope);
      return sendPage(reply, rows, request.query.offset, () => countEstimates(db, request.query, scope));
    },
  );

  app.get(
    "/api/estimates/:id",
    { config: { access: "user" }, schema: { tags, params: idParams, response: { 200: estimateDetailSchema } } },
    async (request) => {
      const detail = await getEstimateDetail(db, request.params.id, clientScope(request));
      if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    "/api/estimates/:id/pdf",
    {
      config: { access: "user" },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ download: z.enum(["0", "1"]).optional() }),
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
    },
    async (request, reply) => {
      const detail = await getEstimateDetail(db, request.params.id, clientScope(request));
      if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
      const [row] = await db
        .select({ snapshot: estimates.acceptedSnapshot })
        .from(estimates)
        .where(eq(estimates.id, detail.id));
      const snapshot = isAcceptedSnapshot(row?.snapshot) ? row.snapshot : null;
      const disposition = request.query.download === "1" ? "attachment" : "inline";
      if (snapshot) {
        // Accepted: the PDF stored at acceptance, from the accepted snapshot, byte for byte (decisions §8).
        const stored = await storedPdfOrFreeze(db, "estimate", detail.id, (tx) =>
          renderEstimatePdf(tx, config, detail as EstimateDetail, snapshot),
        );
        return sendStoredDocument(request, reply, stored, disposition);
      }
      const { pdf, fileName } = await renderEstimatePdf(db, config, detail as EstimateDetail, snapshot);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `${disposition}; filename="${fileName}"`)
        .header("Cache-Control", "private, no-store")
        .send(pdf);
    },
  );

  app.post(
    "/api/estimates",
    { schema: { tags, body: estimateInputSchema, response: { 201: estimateSchema } } },
    async (request, reply) => reply.status(201).send(await createEstimate(db, request, request.body)),
  );

  app.put(
    "/api/estimates/:id",
    { schema: { tags, params: idParams, body: estimateUpdateSchema, response: { 200: estimateSchema } } },
    async (request) => updateEstimate(db, request, request.params.id, request.body),
  );

  app.delete(
    "/api/estimates/:id",
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteEstimate(db, request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/estimates/:id/send",
    {
      schema: {
        tags,
        params: idParams,
        body: estimateActionSchema.optional(),
        response: { 200: estimateSchema.extend({ mailStatus: z.enum(["sent", "stored", "failed"]) }) },
      },
    },
    async (request) => sendEstimate(deps, request, request.params.id, request.body?.version),
  );

  app.post(
    "/api/estimates/:id/accept",
    {
      // Portal clients accept their own estimate; an administrator records it on their behalf.
      config: { access: "user" },
      schema: {
        tags,
        params: idParams,
        body: estimateAcceptSchema,
        response: { 200: estimateSchema.extend({ contract: z.object({ id: z.string(), number: z.string() }) }) },
      },
    },
    async (request) =>
      acceptEstimate(db, request, request.params.id, request.body.signedBy, clientScope(request), config),
  );

  app.post(
    "/api/estimates/:id/reject",
    { schema: { tags, params: idParams, body: estimateActionSchema.optional(), response: { 200: estimateSchema } } },
    async (request) => rejectEstimate(db, request, request.params.id, request.body?.version),
  );

  app.post(
    "/api/estimates/:id/request-changes",
    {
      config: { access: "user" },
      schema: { tags, params: idParams, body: estimateRequestChangesSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await requestEstimateChanges(deps, request, request.params.id, request.body.message, clientScope(request));
      return reply.status(204).send(null);
    },
  );

  await app.register(estimateItemRoutes, deps);
};
