import { crudEndpoints } from "../../http/crud";
import type { Endpoint } from "../../http/endpoint";
import {
  orderItemCreateSchema,
  orderItemForTecnico,
  orderItemInputSchema,
  orderItemListQuerySchema,
  orderItemSchema,
  orderItemTecnicoSchema,
} from "@domain/orders";
import type { AppDeps } from "../../deps";
import { countOrderItems, listAllOrderItems, orderItemKeyset } from "./queries";
import { createOrderItem, deleteOrderItem, updateOrderItem } from "./service";

/**
 * /api/order-items of docs/domain/api.md. The order form writes lines with the order itself;
 * these routes edit one line of a draft and keep the order total in step.
 */
export const itemEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return crudEndpoints({
    base: "/api/order-items",
    tags: ["ordini"],
    access: { read: "staff", write: "office" },
    row: orderItemSchema,
    rowTecnico: orderItemTecnicoSchema,
    list: {
      summary: "Righe di un ordine al fornitore",
      query: orderItemListQuerySchema,
      keyset: orderItemKeyset,
      rows: (query, ks) => listAllOrderItems(db, query, ks),
      count: (query) => countOrderItems(db, query.orderId),
      forTecnico: orderItemForTecnico,
    },
    create: { summary: "Aggiunge una riga a un ordine al fornitore in bozza", body: orderItemCreateSchema, run: (actor, body) => createOrderItem(db, actor, body) },
    update: { summary: "Modifica una riga di un ordine al fornitore in bozza", body: orderItemInputSchema, run: (actor, id, body) => updateOrderItem(db, actor, id, body) },
    remove: { summary: "Elimina una riga di un ordine al fornitore in bozza", run: (actor, id) => deleteOrderItem(db, actor, id) },
  });
};
