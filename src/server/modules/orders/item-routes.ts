import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { sendKeysetPage } from "../../lib/list";
import { countOrderItems, listAllOrderItems, orderItemKeyset } from "./queries";
import { createOrderItem, deleteOrderItem, updateOrderItem } from "./service";
import { actorOf } from "../../auth/actor";

/**
 * /api/order-items of docs/domain/api.md. The order form writes lines with the order itself;
 * these routes edit one line of a draft and keep the order total in step.
 */
export const itemRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ["ordini"];

  app.get(
    "/api/order-items",
    { config: { access: "staff" }, schema: { tags, querystring: orderItemListQuerySchema, response: { 200: byRole(z.array(orderItemSchema), z.array(orderItemTecnicoSchema)) } } },
    async (request, reply) => {
      const ks = orderItemKeyset(request.query);
      const page = listAllOrderItems(db, request.query, ks);
      const rows = await sendKeysetPage(reply, ks, request.query, page, countOrderItems(db, request.query.orderId));
      return seesMoney(request) ? rows : rows.map(orderItemForTecnico);
    },
  );

  app.post(
    "/api/order-items",
    { config: { access: "office" }, schema: { tags, body: orderItemCreateSchema, response: { 201: orderItemSchema } } },
    async (request, reply) => reply.status(201).send(await createOrderItem(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/order-items/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, body: orderItemInputSchema, response: { 200: orderItemSchema } } },
    async (request) => updateOrderItem(db, actorOf(request), request.params.id, request.body),
  );

  app.delete("/api/order-items/:id", { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteOrderItem(db, actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
