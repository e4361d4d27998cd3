import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { orderListQuerySchema } from "@domain/orders";
import type { z } from "@domain/zod";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { constructionSites, estimates, orderItems, orders, suppliers } from "../../db/schema";
import { countCapped, countedRow, likePattern, orderBy } from "../../lib/list";

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
function whereJoins<Q extends PgSelect>(query: Q, params: ListParams) {
  if (!params.q) return query;
  return query
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .leftJoin(constructionSites, eq(constructionSites.id, orders.constructionSiteId));
}

/** One page: the ids first (through the ORDER BY's index), then supplier and site names for those rows only. */
export async function listOrders(db: Queryable, params: ListParams) {
  const order = orderBy(
    params.sort,
    {
      number: orders.number,
      orderDate: orders.orderDate,
      totalAmount: orders.totalAmount,
      status: orders.status,
      createdAt: orders.createdAt,
      title: sql`lower(${orders.title})`,
    },
    [desc(orders.orderDate), desc(orders.number)],
  );
  const page = whereJoins(db.select({ id: orders.id }).from(orders).$dynamic(), params)
    .where(listWhere(params))
    .orderBy(...order)
    .limit(params.limit)
    .offset(params.offset)
    .as("page");
  return db
    .select(orderColumns)
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .leftJoin(constructionSites, eq(constructionSites.id, orders.constructionSiteId))
    .orderBy(...order);
}

export function countOrders(db: Queryable, params: ListParams) {
  return countCapped(db, whereJoins(db.select(countedRow).from(orders).$dynamic(), params).where(listWhere(params)));
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
export async function listAllOrderItems(db: Queryable, params: { orderId?: string; limit: number; offset: number }) {
  return db
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
    })
    .from(orderItems)
    .where(params.orderId ? eq(orderItems.orderId, params.orderId) : undefined)
    .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.createdAt))
    .limit(params.limit)
    .offset(params.offset);
}

export function countOrderItems(db: Queryable, orderId?: string) {
  return countCapped(
    db,
    db
      .select(countedRow)
      .from(orderItems)
      .where(orderId ? eq(orderItems.orderId, orderId) : undefined)
      .$dynamic(),
  );
}
