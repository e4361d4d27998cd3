import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import {
  orderItemCreateSchema,
  orderItemForTecnico,
  orderItemInputSchema,
  orderItemListQuerySchema,
  orderItemSchema,
  orderItemTecnicoSchema,
} from "@domain/orders";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { byRole, seesMoney } from "../../auth/shaping";
import { sendKeysetPage } from "../../http/page";
import { countOrderItems, listAllOrderItems, orderItemKeyset } from "./queries";
import { createOrderItem, deleteOrderItem, updateOrderItem } from "./service";
import { actorOf } from "../../auth/actor";

/**
 * /api/order-items of docs/domain/api.md. The order form writes lines with the order itself;
 * these routes edit one line of a draft and keep the order total in step.
 */
export const itemEndpoints = ({ db }: AppDeps): Endpoint[] => {
  const tags = ["ordini"];
  return [
    endpoint({
      method: "GET",
      url: "/api/order-items",
      access: "staff",
      summary: "Righe di un ordine al fornitore",
      schema: { tags, querystring: orderItemListQuerySchema, response: { 200: byRole(z.array(orderItemSchema), z.array(orderItemTecnicoSchema)) } },
      handler: async (request, reply) => {
        const ks = orderItemKeyset(request.query);
        const page = listAllOrderItems(db, request.query, ks);
        const rows = await sendKeysetPage(reply, ks, request.query, page, countOrderItems(db, request.query.orderId));
        return seesMoney(request) ? rows : rows.map(orderItemForTecnico);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/order-items",
      access: "office",
      summary: "Aggiunge una riga all'ordine",
      schema: { tags, body: orderItemCreateSchema, response: { 201: orderItemSchema } },
      handler: async (request, reply) => reply.status(201).send(await createOrderItem(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/order-items/:id",
      access: "office",
      summary: "Modifica una riga dell'ordine",
      schema: { tags, params: idParams, body: orderItemInputSchema, response: { 200: orderItemSchema } },
      handler: async (request) => updateOrderItem(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/order-items/:id",
      access: "office",
      summary: "Elimina una riga dell'ordine",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
      await deleteOrderItem(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
    }),
  ];
};
