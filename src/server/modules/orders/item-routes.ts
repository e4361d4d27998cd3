import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { orderItemCreateSchema, orderItemInputSchema, orderItemListQuerySchema, orderItemSchema } from "@domain/orders";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { sendPage } from "../../lib/list";
import { countOrderItems, listAllOrderItems } from "./queries";
import { createOrderItem, deleteOrderItem, updateOrderItem } from "./service";

/**
 * /api/order-items of specification §7. The order form writes lines with the order itself;
 * these routes edit one line of a draft and keep the order total in step.
 */
export const itemRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ["ordini"];

  app.get(
    "/api/order-items",
    { schema: { tags, querystring: orderItemListQuerySchema, response: { 200: z.array(orderItemSchema) } } },
    async (request, reply) => {
      return sendPage(reply, listAllOrderItems(db, request.query), countOrderItems(db, request.query.orderId));
    },
  );

  app.post(
    "/api/order-items",
    { schema: { tags, body: orderItemCreateSchema, response: { 201: orderItemSchema } } },
    async (request, reply) => reply.status(201).send(await createOrderItem(db, request, request.body)),
  );

  app.put(
    "/api/order-items/:id",
    { schema: { tags, params: idParams, body: orderItemInputSchema, response: { 200: orderItemSchema } } },
    async (request) => updateOrderItem(db, request, request.params.id, request.body),
  );

  app.delete("/api/order-items/:id", { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteOrderItem(db, request, request.params.id);
    return reply.status(204).send(null);
  });
};
