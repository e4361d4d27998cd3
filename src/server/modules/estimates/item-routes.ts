import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  estimateItemCreateSchema,
  estimateItemListQuerySchema,
  estimateItemSchema,
  estimateItemUpdateSchema,
} from "@domain/estimates";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { findEstimate, listEstimateItems } from "./queries";
import { createItem, deleteItem, ESTIMATE_NOT_FOUND, updateItem } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["preventivi"];

/** The item routes of docs/domain/api.md; every write recomputes the estimate's totals. */
export const estimateItemRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/estimate-items",
    { config: { access: "office" }, schema: { tags, querystring: estimateItemListQuerySchema, response: { 200: z.array(estimateItemSchema) } } },
    async (request) => {
      const estimate = await findEstimate(db, request.query.estimateId, null);
      if (!estimate) throw notFound(ESTIMATE_NOT_FOUND);
      return listEstimateItems(db, estimate.id);
    },
  );

  app.post(
    "/api/estimate-items",
    { config: { access: "office" }, schema: { tags, body: estimateItemCreateSchema, response: { 201: estimateItemSchema } } },
    async (request, reply) => reply.status(201).send(await createItem(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/estimate-items/:id",
    { config: { access: "office" },
      schema: {
        tags,
        params: idParams,
        body: estimateItemUpdateSchema,
        response: { 200: estimateItemSchema },
      },
    },
    async (request) => updateItem(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/estimate-items/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteItem(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
