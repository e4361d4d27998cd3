import { endpoint, type Endpoint } from "../../http/endpoint";
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
export const estimateItemEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/estimate-items",
      access: "office",
      summary: "Righe di un preventivo",
      schema: { tags, querystring: estimateItemListQuerySchema, response: { 200: z.array(estimateItemSchema) } },
      handler: async (request) => {
        const estimate = await findEstimate(db, request.query.estimateId, null);
        if (!estimate) throw notFound(ESTIMATE_NOT_FOUND);
        return listEstimateItems(db, estimate.id);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/estimate-items",
      access: "office",
      summary: "Aggiunge una riga al preventivo",
      schema: { tags, body: estimateItemCreateSchema, response: { 201: estimateItemSchema } },
      handler: async (request, reply) => reply.status(201).send(await createItem(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/estimate-items/:id",
      access: "office",
      summary: "Modifica una riga del preventivo",
      schema: {
        tags,
        params: idParams,
        body: estimateItemUpdateSchema,
        response: { 200: estimateItemSchema },
      },
      handler: async (request) => updateItem(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/estimate-items/:id",
      access: "office",
      summary: "Elimina una riga del preventivo",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteItem(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
