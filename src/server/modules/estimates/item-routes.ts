import { crudEndpoints } from "../../http/crud";
import { endpoint, type Endpoint } from "../../http/endpoint";
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


    ...crudEndpoints({
      base: "/api/estimate-items",
      tags,
      access: { read: "office", write: "office" },
      row: estimateItemSchema,
      create: { summary: "Aggiunge una riga al preventivo", body: estimateItemCreateSchema, run: (actor, body) => createItem(db, actor, body) },
      update: { summary: "Modifica una riga del preventivo", body: estimateItemUpdateSchema, run: (actor, id, body) => updateItem(db, actor, id, body) },
      remove: { summary: "Elimina una riga del preventivo", run: (actor, id) => deleteItem(db, actor, id) },
    }),
  ];
};
