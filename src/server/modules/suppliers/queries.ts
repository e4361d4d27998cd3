import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { SUPPLIER_DETAIL_ORDERS, type supplierListQuerySchema } from "@domain/suppliers";
import type { z } from "@domain/zod";
import type { Queryable } from "../../db/client";
import { orders, suppliers } from "../../db/schema";
import {
  countShaped,
  countedRow,
  cursorSql,
  keyset,
  likePattern,
  sortKeys,
  type Keyset,
  keysetPage,
} from "../../lib/list";
import { shapedRead } from "../../lib/prepared";

type ListParams = z.output<typeof supplierListQuerySchema>;

const supplierName = sql`lower(${suppliers.name})`;

function listWhere(params: ListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(suppliers.name, p), ilike(suppliers.city, p), ilike(suppliers.email, p)));
  }
  if (params.status) filters.push(eq(suppliers.status, params.status));
  return and(...filters);
}

/** Every column the API returns, spelled out so the list's select stays an allowlist. */
const suppliersColumns = {
  id: suppliers.id,
  name: suppliers.name,
  vatNumber: suppliers.vatNumber,
  address: suppliers.address,
  city: suppliers.city,
  province: suppliers.province,
  zipCode: suppliers.zipCode,
  phone: suppliers.phone,
  email: suppliers.email,
  website: suppliers.website,
  contactPerson: suppliers.contactPerson,
  isSubcontractor: suppliers.isSubcontractor,
  notes: suppliers.notes,
  status: suppliers.status,
  createdAt: suppliers.createdAt,
  updatedAt: suppliers.updatedAt,
  version: suppliers.version,
};

/** By cursor or by offset: the name then the newest id (suppliers_list_idx), or a sort then the id (migration 0017). */
export const supplierKeyset = (params: ListParams) =>
  keyset(
    params,
    sortKeys(
      params.sort,
      {
        name: supplierName,
        city: sql`lower(${suppliers.city})`,
        createdAt: suppliers.createdAt,
        status: suppliers.status,
      },
      [{ expr: supplierName }, { expr: suppliers.id, desc: true }],
      suppliers.id,
    ),
  );

const readPage = shapedRead();

/** One page, built once per shape (lib/prepared.ts shapedRead). */
export async function listSuppliers(db: Queryable, params: ListParams, ks: Keyset = supplierKeyset(params)) {
  const rows = await readPage(
    db,
    keysetPage({
      shape: `suppliers|${params.sort ?? ""}`,
      filters: listWhere(params),
      ks,
      limit: params.limit,
      build: (ordered) =>
        ordered(
          db
            .select({ ...suppliersColumns, cursor: cursorSql(ks.keys) })
            .from(suppliers)
            .$dynamic(),
        ),
    }),
  );
  // Read backwards from a `before` cursor: put the page back in the list's order.
  return ks.backwards ? rows.reverse() : rows;
}

export function countSuppliers(db: Queryable, params: ListParams) {
  return countShaped(db, {
    shape: "suppliers",
    where: listWhere(params),
    table: suppliers,
    matching: (where) => db.select(countedRow).from(suppliers).where(where).$dynamic(),
  });
}

export async function findSupplier(db: Queryable, id: string) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row ?? null;
}

/** Another supplier already holding this partita IVA, if any. */
export async function supplierWithVat(db: Queryable, vatNumber: string, exceptId?: string) {
  const [row] = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.vatNumber, vatNumber), exceptId ? ne(suppliers.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

/**
 * Statistics in one aggregate: ricevuto orders are the completed ones (docs/domain/statuses.md); value and
 * average leave out annullato orders. Sums stay numeric in SQL, so they come back exact.
 */
export async function supplierStats(db: Queryable, id: string) {
  const [row] = await db
    .select({
      totalOrders: sql<number>`count(*)`.mapWith(Number),
      completedOrders: sql<number>`count(*) filter (where ${orders.status} = 'ricevuto')`.mapWith(Number),
      totalValue: sql<string>`coalesce(sum(${orders.totalAmount}) filter (where ${orders.status} <> 'annullato'), 0)::numeric(12,2)::text`,
      averageValue: sql<string>`coalesce(round(avg(${orders.totalAmount}) filter (where ${orders.status} <> 'annullato'), 2), 0)::numeric(12,2)::text`,
    })
    .from(orders)
    .where(eq(orders.supplierId, id));
  return row ?? { totalOrders: 0, completedOrders: 0, totalValue: "0.00", averageValue: "0.00" };
}

export async function getSupplierDetail(db: Queryable, id: string) {
  const supplier = await findSupplier(db, id);
  if (!supplier) return null;
  const stats = await supplierStats(db, id);
  const latestOrders = await db
    .select({
      id: orders.id,
      number: orders.number,
      title: orders.title,
      status: orders.status,
      orderDate: orders.orderDate,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(eq(orders.supplierId, id))
    .orderBy(desc(orders.orderDate), desc(orders.createdAt))
    .limit(SUPPLIER_DETAIL_ORDERS);
  return { ...supplier, stats, latestOrders };
}

export async function supplierOrderCount(db: Queryable, id: string) {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.supplierId, id));
  return Number(row?.n ?? 0);
}
