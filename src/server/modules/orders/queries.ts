import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { orderListQuerySchema } from "@domain/orders";
import type { z } from "@domain/zod";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { constructionSites, estimates, orderItems, orders, suppliers } from "../../db/schema";
import {
  countShaped,
  countedRow,
  cursorSql,
  keyset,
  likePattern,
  sortKey,
  sortKeys,
  type Keyset,
  type SortKey,
  keysetPage,
} from "../../lib/list";
import { shapedRead } from "../../lib/prepared";

type ListParams = z.output<typeof orderListQuerySchema>;

/** The order as every screen shows it: with its supplier's and site's names. */
const orderColumns = {
  id: orders.id,
  number: orders.number,
  supplierId: orders.supplierId,
  supplierName: suppliers.name,
  constructionSiteId: orders.constructionSiteId,
  constructionSiteName: constructionSites.name,
  title: orders.title,
  description: orders.description,
  orderDate: orders.orderDate,
  expectedDeliveryDate: orders.expectedDeliveryDate,
  totalAmount: orders.totalAmount,
  status: orders.status,
  notes: orders.notes,
  sentAt: orders.sentAt,
  confirmedAt: orders.confirmedAt,
  receivedAt: orders.receivedAt,
  cancelledAt: orders.cancelledAt,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  version: orders.version,
};

function listWhere(params: ListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(
      or(ilike(orders.number, p), ilike(orders.title, p), ilike(suppliers.name, p), ilike(constructionSites.name, p)),
    );
  }
  if (params.status) filters.push(eq(orders.status, params.status));
  if (params.supplierId) filters.push(eq(orders.supplierId, params.supplierId));
  if (params.constructionSiteId) filters.push(eq(orders.constructionSiteId, params.constructionSiteId));
  return and(...filters);
}

/** Supplier and site joined only when the WHERE searches their names. */
function whereJoins<Q extends PgSelect>(query: Q, searched: boolean) {
  if (!searched) return query;
  return query
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .leftJoin(constructionSites, eq(constructionSites.id, orders.constructionSiteId));
}

/** Newest order date first, then the number (unique): orders_list_idx read one way or the other. */
const byDate = (descending: boolean): SortKey[] => [
  { expr: orders.orderDate, desc: descending },
  { expr: orders.number, desc: descending },
];

/**
 * The page the parameters ask for, by cursor or by offset. The number is unique (its own index
 * both ways); any other sort is followed by the id in its direction (migration 0017).
 */
export function orderKeyset(params: ListParams): Keyset {
  const key = sortKey(params.sort);
  const descending = Boolean(params.sort?.startsWith("-"));
  const keys =
    key === "orderDate"
      ? byDate(descending)
      : key === "number"
        ? [{ expr: orders.number, desc: descending }]
        : sortKeys(
            params.sort,
            {
              totalAmount: orders.totalAmount,
              status: orders.status,
              createdAt: orders.createdAt,
              title: sql`lower(${orders.title})`,
            },
            byDate(true),
            orders.id,
          );
  return keyset(params, keys);
}

const readPage = shapedRead();

/**
 * One page: the ids first (through the ORDER BY's index), then supplier and site names for those
 * rows only. Built once per shape (lib/prepared.ts shapedRead).
 */
export async function listOrders(db: Queryable, params: ListParams, ks: Keyset = orderKeyset(params)) {
  const searched = Boolean(params.q);
  return readPage(
    db,
    keysetPage({
      shape: `orders|${params.sort ?? ""}|${searched}`,
      filters: listWhere(params),
      ks,
      limit: params.limit,
      build: (ordered) => {
        const page = ordered(whereJoins(db.select({ id: orders.id }).from(orders).$dynamic(), searched)).as("page");
        return db
          .select({ ...orderColumns, cursor: cursorSql(ks.keys) })
          .from(page)
          .innerJoin(orders, eq(orders.id, page.id))
          .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
          .leftJoin(constructionSites, eq(constructionSites.id, orders.constructionSiteId))
          .orderBy(...ks.order);
      },
    }),
  );
}

export function countOrders(db: Queryable, params: ListParams) {
  const searched = Boolean(params.q);
  return countShaped(db, {
    shape: `orders|${searched}`,
    where: listWhere(params),
    table: orders,
    joined: searched,
    matching: (where) => whereJoins(db.select(countedRow).from(orders).$dynamic(), searched).where(where),
  });
}

export async function findOrder(db: Queryable, id: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .leftJoin(constructionSites, eq(constructionSites.id, orders.constructionSiteId))
    .where(eq(orders.id, id))
    .limit(1);
  return row ?? null;
}

export async function listOrderItems(db: Queryable, orderId: string) {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.createdAt));
}

/** The detail screen, the dialog and the PDF: the order, its lines, its supplier and its site. */
export async function getOrderDetail(db: Queryable, id: string) {
  const order = await findOrder(db, id);
  if (!order) return null;
  const items = await listOrderItems(db, id);
  const [supplier] = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      vatNumber: suppliers.vatNumber,
      address: suppliers.address,
      city: suppliers.city,
      province: suppliers.province,
      zipCode: suppliers.zipCode,
      phone: suppliers.phone,
      email: suppliers.email,
      contactPerson: suppliers.contactPerson,
      status: suppliers.status,
    })
    .from(suppliers)
    .where(eq(suppliers.id, order.supplierId));
  const [site] = order.constructionSiteId
    ? await db
        .select({
          id: constructionSites.id,
          name: constructionSites.name,
          address: constructionSites.address,
          status: constructionSites.status,
        })
        .from(constructionSites)
        .where(eq(constructionSites.id, order.constructionSiteId))
    : [];
  return { ...order, items, supplier: supplier!, constructionSite: site ?? null };
}

/** Estimates that include this order in their total: deleting it would change them silently. */
export async function estimatesUsingOrder(db: Queryable, orderId: string) {
  return db.select({ number: estimates.number }).from(estimates).where(eq(estimates.orderId, orderId)).limit(5);
}

/** Items across orders (the unfiltered call of docs/domain/api.md), paged. */
/** Every order's lines in order, then position: order_items_list_idx, the id last so a cursor is exact. */
const itemKeys: SortKey[] = [
  { expr: orderItems.orderId },
  { expr: orderItems.position },
  { expr: orderItems.createdAt },
  { expr: orderItems.id },
];

export const orderItemKeyset = (params: { after?: string; before?: string; offset: number }) =>
  keyset(params, itemKeys);

const readItems = shapedRead();

export async function listAllOrderItems(
  db: Queryable,
  params: { orderId?: string; limit: number; offset: number; after?: string; before?: string },
  ks: Keyset = orderItemKeyset(params),
) {
  const rows = await readItems(
    db,
    keysetPage({
      shape: `order_items`,
      filters: params.orderId ? eq(orderItems.orderId, params.orderId) : undefined,
      ks,
      limit: params.limit,
      build: (ordered) =>
        ordered(
          db
            .select({
              id: orderItems.id,
              orderId: orderItems.orderId,
              position: orderItems.position,
              description: orderItems.description,
              quantity: orderItems.quantity,
              unit: orderItems.unit,
              unitPrice: orderItems.unitPrice,
              totalPrice: orderItems.totalPrice,
              notes: orderItems.notes,
              createdAt: orderItems.createdAt,
              cursor: cursorSql(ks.keys),
            })
            .from(orderItems)
            .$dynamic(),
        ),
    }),
  );
  // Read backwards from a `before` cursor: put the page back in the list's order.
  return ks.backwards ? rows.reverse() : rows;
}

export function countOrderItems(db: Queryable, orderId?: string) {
  return countShaped(db, {
    shape: "order_items",
    where: orderId ? eq(orderItems.orderId, orderId) : undefined,
    table: orderItems,
    matching: (where) => db.select(countedRow).from(orderItems).where(where).$dynamic(),
  });
}
