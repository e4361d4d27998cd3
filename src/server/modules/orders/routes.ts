import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { sendKeysetPage } from "../../http/page";
import { itemEndpoints } from "./item-routes";
import { orderPdf } from "./pdf";
import { countOrders, getOrderDetail, listOrders, orderKeyset } from "./queries";
import { sendOrder } from "./send";
import { applyOrderAction, createOrder, deleteOrder, ORDER_NOT_FOUND, updateOrder } from "./service";
import { withPdfSlot } from "../../http/pdf-slot";
import { actorOf } from "../../auth/actor";

// Supplier orders are the office's; a technician reads them (what arrives on his sites, and
// when) without prices or totals.
const SUMMARY_OF_ACTION: Record<Exclude<OrderAction, "send">, string> = {
  confirm: "Segna l'ordine come confermato dal fornitore",
  receive: "Segna l'ordine come ricevuto",
  cancel: "Annulla l'ordine",
};

export const orderEndpoints = (deps: AppDeps): Endpoint[] => {
  const { db } = deps;
  const tags = ["ordini"];

  return [
    endpoint({
      method: "GET",
      url: "/api/orders",
      access: "staff",
      summary: "Elenco degli ordini ai fornitori",
      schema: { tags, querystring: orderListQuerySchema, response: { 200: byRole(z.array(orderSchema), z.array(orderTecnicoSchema)) } },
      handler: async (request, reply) => {
        // A technician may not order by amount either: the order of the rows would tell the prices.
        const query = !seesMoney(request) && request.query.sort?.endsWith("totalAmount") ? { ...request.query, sort: undefined } : request.query;
        const ks = orderKeyset(query);
        const rows = await sendKeysetPage(reply, ks, query, listOrders(db, query, ks), countOrders(db, query));
        return seesMoney(request) ? rows : rows.map(orderForTecnico);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/orders/:id",
      access: "staff",
      summary: "Un ordine al fornitore",
      schema: { tags, params: idParams, response: { 200: byRole(orderDetailSchema, orderDetailTecnicoSchema) } },
      handler: async (request) => {
      const detail = await getOrderDetail(db, request.params.id);
      if (!detail) throw notFound(ORDER_NOT_FOUND);
      return seesMoney(request) ? detail : orderDetailForTecnico(detail);
    },
    }),

    endpoint({
      method: "POST",
      url: "/api/orders",
      access: "office",
      summary: "Crea un ordine al fornitore",
      schema: { tags, body: orderInputSchema, response: { 201: orderSchema } },
      handler: async (request, reply) => reply.status(201).send(await createOrder(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/orders/:id",
      access: "office",
      summary: "Modifica un ordine al fornitore",
      schema: { tags, params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } },
      handler: async (request) => updateOrder(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/orders/:id",
      access: "office",
      summary: "Elimina un ordine al fornitore",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
      await deleteOrder(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
    }),

    endpoint({
      method: "POST",
      url: "/api/orders/:id/send",
      access: "office",
      summary: "Invia l'ordine al fornitore",
      schema: { tags, params: idParams, body: orderActionSchema.optional(), response: { 200: orderSchema } },
      handler: async (request) => sendOrder(db, actorOf(request), request.params.id, request.body?.version, deps.config),
    }),

    endpoint({
      method: "GET",
      url: "/api/orders/:id/pdf",
      access: "office",
      summary: "PDF dell'ordine",
      schema: { tags, params: idParams },
      handler: async (request, reply) => {
      const { fileName, pdf } = await withPdfSlot(request, reply, () => orderPdf(db, request.params.id, deps.config.dataDir));
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `inline; filename="${fileName}"`)
        .send(pdf);
    },
    }),

    ...itemEndpoints(deps),
    ...(["confirm", "receive", "cancel"] as const satisfies OrderAction[]).map((action) =>
      endpoint({
        method: "POST",
        url: `/api/orders/:id/${action}`,
        access: "office",
        summary: SUMMARY_OF_ACTION[action],
        schema: { tags, params: idParams, body: orderActionSchema.optional(), response: { 200: orderSchema } },
        handler: async (request) => applyOrderAction(db, actorOf(request), request.params.id, action, { version: request.body?.version }),
      }),
    ),
  ];
};
