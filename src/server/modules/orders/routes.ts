import { crudEndpoints } from "../../http/crud";
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
import type { AppDeps } from "../../deps";
import { byRole, seesMoney } from "../../auth/shaping";
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
    ...crudEndpoints({
      base: "/api/orders",
      tags,
      access: { read: "staff", write: "office" },
      row: orderSchema,
      rowTecnico: orderTecnicoSchema,
      list: {
        summary: "Elenco degli ordini ai fornitori",
        query: orderListQuerySchema,
        // A technician may not order by amount either: the order of the rows would tell the prices.
        prepare: (query, request) =>
          !seesMoney(request) && query.sort?.endsWith("totalAmount") ? { ...query, sort: undefined } : query,
        keyset: orderKeyset,
        rows: (query, ks) => listOrders(db, query, ks),
        count: (query) => countOrders(db, query),
        forTecnico: orderForTecnico,
      },
      read: {
        summary: "Un ordine al fornitore con le sue righe, il fornitore e il cantiere",
        response: byRole(orderDetailSchema, orderDetailTecnicoSchema),
        find: (id) => getOrderDetail(db, id),
        notFound: ORDER_NOT_FOUND,
        forTecnico: orderDetailForTecnico,
      },
      create: { summary: "Crea un ordine al fornitore", body: orderInputSchema, run: (actor, body) => createOrder(db, actor, body) },
      update: { summary: "Modifica un ordine al fornitore in bozza", body: orderUpdateSchema, run: (actor, id, body) => updateOrder(db, actor, id, body) },
      remove: { summary: "Elimina un ordine al fornitore in bozza o annullato", run: (actor, id) => deleteOrder(db, actor, id) },
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
      summary: "PDF dell'ordine al fornitore",
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
