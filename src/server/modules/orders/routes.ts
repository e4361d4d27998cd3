import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  orderActionSchema,
  orderDetailForTecnico,
  orderDetailSchema,
  orderDetailTecnicoSchema,
  orderForTecnico,
  orderInputSchema,
  orderListQuerySchema,
  orderSchema,
  orderTecnicoSchema,
  orderUpdateSchema,
  type OrderAction,
} from "@domain/orders";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { byRole, seesMoney } from "../../auth/shaping";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { itemRoutes } from "./item-routes";
import { orderPdf } from "./pdf";
import { countOrders, getOrderDetail, listOrders, orderKeyset } from "./queries";
import { sendOrder } from "./send";
import { applyOrderAction, createOrder, deleteOrder, ORDER_NOT_FOUND, updateOrder } from "./service";
import { withPdfSlot } from "../../documents/pdf/limits";
import { actorOf } from "../../auth/actor";

// Supplier orders are the office's; a technician reads them (what arrives on his sites, and
// when) without prices or totals.
export const orderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ["ordini"];

  app.get(
    "/api/orders",
    { config: { access: "staff" }, schema: { tags, querystring: orderListQuerySchema, response: { 200: byRole(z.array(orderSchema), z.array(orderTecnicoSchema)) } } },
    async (request, reply) => {
      // A technician may not order by amount either: the order of the rows would tell the prices.
      const query = !seesMoney(request) && request.query.sort?.endsWith("totalAmount") ? { ...request.query, sort: undefined } : request.query;
      const ks = orderKeyset(query);
      const rows = await sendKeysetPage(reply, ks, query, listOrders(db, query, ks), countOrders(db, query));
      return seesMoney(request) ? rows : rows.map(orderForTecnico);
    },
  );

  app.get("/api/orders/:id", { config: { access: "staff" }, schema: { tags, params: idParams, response: { 200: byRole(orderDetailSchema, orderDetailTecnicoSchema) } } }, async (request) => {
    const detail = await getOrderDetail(db, request.params.id);
    if (!detail) throw notFound(ORDER_NOT_FOUND);
    return seesMoney(request) ? detail : orderDetailForTecnico(detail);
  });

  app.post(
    "/api/orders",
    { config: { access: "office" }, schema: { tags, body: orderInputSchema, response: { 201: orderSchema } } },
    async (request, reply) => reply.status(201).send(await createOrder(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/orders/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } } },
    async (request) => updateOrder(db, actorOf(request), request.params.id, request.body),
  );

  app.delete("/api/orders/:id", { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteOrder(db, actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    "/api/orders/:id/send",
    { config: { access: "office" }, schema: { tags, params: idParams, body: orderActionSchema.optional(), response: { 200: orderSchema } } },
    async (request) => sendOrder(db, actorOf(request), request.params.id, request.body?.version, deps.config),
  );

  for (const action of ["confirm", "receive", "cancel"] as const satisfies OrderAction[]) {
    app.post(
      `/api/orders/:id/${action}`,
      { config: { access: "office" }, schema: { tags, params: idParams, body: orderActionSchema.optional(), response: { 200: orderSchema } } },
      async (request) => applyOrderAction(db, actorOf(request), request.params.id, action, { version: request.body?.version }),
    );
  }

  app.get("/api/orders/:id/pdf", { config: { access: "office" }, schema: { tags, params: idParams } }, async (request, reply) => {
    const { fileName, pdf } = await withPdfSlot(request, reply, () => orderPdf(db, request.params.id, deps.config.dataDir));
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${fileName}"`)
      .send(pdf);
  });

  await app.register(itemRoutes, deps);
};
