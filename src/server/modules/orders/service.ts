import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import {
  canApply,
  computeOrderTotals,
  isOrderDeletable,
  isOrderEditable,
  orderTransitions,
  transitionRefusal,
  type OrderAction,
  type OrderItemValues,
  type OrderValues,
} from "@domain/orders";
import { orderStatuses } from "@domain/statuses";
import type { Db, Tx } from "../../db/client";
import { constructionSites, orderItems, orders, suppliers } from "../../db/schema";
import { badRequest, conflict, notFound, staleVersion } from "../../http/errors";
import { nextDocumentNumber } from "../../lib/numbering";
import { recordActivity } from "../activity/record";
import { estimatesUsingOrder, findOrder } from "./queries";

export const ORDER_NOT_FOUND = "Ordine non trovato";

/** The supplier must exist and, for a new choice, be attivo: inactive suppliers get no new orders. */
async function checkSupplier(tx: Tx, supplierId: string, mustBeActive: boolean) {
  const [supplier] = await tx
    .select({ id: suppliers.id, name: suppliers.name, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) throw badRequest("Dati non validi. Fornitore non trovato", { supplierId: "Fornitore non trovato" });
  if (mustBeActive && supplier.status !== "attivo") {
    throw conflict(`Il fornitore ${supplier.name} non è attivo: scegli un fornitore attivo`, {
      supplierId: "Fornitore non attivo",
    });
  }
  return supplier;
}

async function checkSite(tx: Tx, siteId: string | null) {
  if (!siteId) return;
  const [site] = await tx.select({ id: constructionSites.id }).from(constructionSites).where(eq(constructionSites.id, siteId));
  if (!site) throw badRequest("Dati non validi. Cantiere non trovato", { constructionSiteId: "Cantiere non trovato" });
}

function itemRows(orderId: string, items: OrderItemValues[]) {
  const { lines } = computeOrderTotals(items);
  return items.map((item, position) => ({ ...item, orderId, position, totalPrice: lines[position]! }));
}

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

const notEditable = (status: (typeof orderStatuses.values)[number]) =>
  conflict(`Solo gli ordini in bozza possono essere modificati (stato attuale: ${orderStatuses.label(status)})`);

export async function createOrder(db: Db, actor: Actor, values: OrderValues) {
  const id = await db.transaction(async (tx) => {
    const { items, ...fields } = values;
    await checkSupplier(tx, fields.supplierId, true);
    await checkSite(tx, fields.constructionSiteId);
    const { number } = await nextDocumentNumber(tx, "ORD", Number(fields.orderDate.slice(0, 4)));
    const { total } = computeOrderTotals(items);
    const [row] = await tx.insert(orders).values({ ...fields, number, totalAmount: total, status: "bozza" }).returning();
    await tx.insert(orderItems).values(itemRows(row!.id, items));
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "order",
      entityId: row!.id,
      description: `Nuovo ordine ${number}: ${row!.title}`,
    });
    return row!.id;
  });
  return (await findOrder(db, id))!;
}

/** Replaces the fields and all the lines of a draft in one transaction (docs/domain/api.md). */
export async function updateOrder(db: Db, actor: Actor, id: string, values: OrderValues & { version: number }) {
  await db.transaction(async (tx) => {
    const { items, version, ...fields } = values;
    const current = await lockOrder(tx, id);
    if (current.version !== version) throw staleVersion();
    if (!isOrderEditable(current.status)) throw notEditable(current.status);
    await checkSupplier(tx, fields.supplierId, fields.supplierId !== current.supplierId);
    await checkSite(tx, fields.constructionSiteId);
    const { total } = computeOrderTotals(items);
    await tx
      .update(orders)
      .set({ ...fields, totalAmount: total, updatedAt: sql`now()`, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id));
    await tx.delete(orderItems).where(eq(orderItems.orderId, id));
    await tx.insert(orderItems).values(itemRows(id, items));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "order",
      entityId: id,
      description: `Ordine ${current.number} aggiornato`,
    });
  });
  return (await findOrder(db, id))!;
}

export async function deleteOrder(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!isOrderDeletable(order.status)) {
      throw conflict(
        `Impossibile eliminare l'ordine ${order.number}: è ${orderStatuses.label(order.status).toLowerCase()}. Annullalo invece di eliminarlo.`,
      );
    }
    const linked = await estimatesUsingOrder(tx, id);
    if (linked.length) {
      throw conflict(`Impossibile eliminare l'ordine ${order.number}: è collegato al preventivo ${linked.map((e) => e.number).join(", ")}.`);
    }
    await tx.delete(orders).where(eq(orders.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "order",
      entityId: null,
      description: `Ordine ${order.number} eliminato`,
    });
  });
}

const stampColumn = { send: "sentAt", confirm: "confirmedAt", receive: "receivedAt", cancel: "cancelledAt" } as const;
const actionWords: Record<OrderAction, string> = {
  send: "inviato al fornitore",
  confirm: "confermato dal fornitore",
  receive: "ricevuto",
  cancel: "annullato",
};

/**
 * Moves an order along its lifecycle, checked against the allowed transitions; the
 * optional version guards against acting on a screen that is out of date.
 */
export async function applyOrderAction(
  db: Db,
  actor: Actor,
  id: string,
  action: OrderAction,
  opts: { version?: number; note?: string } = {},
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (opts.version !== undefined && opts.version !== order.version) throw staleVersion();
    if (!canApply(order.status, action)) throw conflict(transitionRefusal(order.status, action));
    await tx
      .update(orders)
      .set({
        status: orderTransitions[action].to,
        [stampColumn[action]]: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, id), eq(orders.version, order.version)));
    await recordActivity(tx, actor, {
      action: action === "send" ? "send" : "status",
      entityType: "order",
      entityId: id,
      description: `Ordine ${order.number} ${actionWords[action]}${opts.note ? ` (${opts.note})` : ""}`,
    });
  });
  return (await findOrder(db, id))!;
}

// ---- the separate item routes (docs/domain/api.md) --------------------------------------

/** Recomputes the order total from its lines after an item route changed them. */
async function refreshTotal(tx: Tx, orderId: string) {
  await tx
    .update(orders)
    .set({
      totalAmount: sql`(select coalesce(sum(${orderItems.totalPrice}), 0) from ${orderItems} where ${orderItems.orderId} = ${orderId})`,
      updatedAt: sql`now()`,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, orderId));
}

async function lockDraftForItems(tx: Tx, orderId: string) {
  const order = await lockOrder(tx, orderId);
  if (!isOrderEditable(order.status)) throw notEditable(order.status);
  return order;
}

export async function createOrderItem(db: Db, actor: Actor, values: OrderItemValues & { orderId: string }) {
  return db.transaction(async (tx) => {
    const { orderId, ...item } = values;
    const order = await lockDraftForItems(tx, orderId);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${orderItems.position}) + 1, 0)`.mapWith(Number) })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))) as [{ next: number }];
    const [row] = await tx
      .insert(orderItems)
      .values({ ...itemRows(orderId, [item])[0]!, position: next })
      .returning();
    await refreshTotal(tx, orderId);
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "order",
      entityId: orderId,
      description: `Ordine ${order.number}: aggiunto l'articolo ${item.description}`,
    });
    return row!;
  });
}

async function lockItem(tx: Tx, itemId: string) {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item) throw notFound("Articolo non trovato");
  return { item, order: await lockDraftForItems(tx, item.orderId) };
}

export async function updateOrderItem(db: Db, actor: Actor, itemId: string, values: OrderItemValues) {
  return db.transaction(async (tx) => {
    const { item, order } = await lockItem(tx, itemId);
    const [row] = await tx
      .update(orderItems)
      .set({ ...values, totalPrice: computeOrderTotals([values]).lines[0]! })
      .where(eq(orderItems.id, itemId))
      .returning();
    await refreshTotal(tx, item.orderId);
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "order",
      entityId: item.orderId,
      description: `Ordine ${order.number}: modificato l'articolo ${values.description}`,
    });
    return row!;
  });
}

export async function deleteOrderItem(db: Db, actor: Actor, itemId: string) {
  await db.transaction(async (tx) => {
    const { item, order } = await lockItem(tx, itemId);
    await tx.delete(orderItems).where(eq(orderItems.id, itemId));
    await refreshTotal(tx, item.orderId);
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "order",
      entityId: item.orderId,
      description: `Ordine ${order.number}: rimosso l'articolo ${item.description}`,
    });
  });
}
