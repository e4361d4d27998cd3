import { and, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ServiceListParams } from "@domain/services";
import type { Queryable } from "../../db/client";
import { estimateItems, services } from "../../db/schema";
import { countCapped, countedRow, cursorSql, keyset, likePattern, sortKeys, type Keyset } from "../../lib/list";

type ListParams = ServiceListParams & { limit: number; offset: number; after?: string; before?: string };

const serviceName = sql`lower(${services.name})`;

/** By cursor or by offset: the name then the newest id (services_list_idx), or a sort then the id (migration 0017). */
export const serviceKeyset = (params: ListParams) =>
  keyset(
    params,
    sortKeys(
      params.sort,
      {
        name: serviceName,
        unitPrice: services.unitPrice,
        category: { expr: services.category, nullable: true },
        createdAt: services.createdAt,
      },
      [{ expr: serviceName }, { expr: services.id, desc: true }],
      services.id,
    ),
  );

function listWhere(params: ListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(services.name, p), ilike(services.description, p)));
  }
  if (params.category) filters.push(eq(services.category, params.category));
  if (params.status) filters.push(eq(services.status, params.status));
  return and(...filters);
}

export async function listServices(db: Queryable, params: ListParams, ks: Keyset = serviceKeyset(params)) {
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      category: services.category,
      unitPrice: services.unitPrice,
      unit: services.unit,
      status: services.status,
      notes: services.notes,
      createdAt: services.createdAt,
      updatedAt: services.updatedAt,
      version: services.version,
      cursor: cursorSql(ks.keys),
    })
    .from(services)
    .where(and(listWhere(params), ks.where))
    .orderBy(...ks.pageOrder)
    .limit(params.limit)
    .offset(ks.offset);
  // Read backwards from a `before` cursor: put the page back in the list's order.
  return ks.backwards ? rows.reverse() : rows;
}

export function countServices(db: Queryable, params: ListParams) {
  return countCapped(db, db.select(countedRow).from(services).where(listWhere(params)).$dynamic());
}

export async function findService(db: Queryable, id: string) {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row ?? null;
}

/** Estimate lines that point at a service: while any exists, the service is not deleted. */
export async function serviceUsage(db: Queryable, id: string) {
  const [row] = await db.select({ n: count() }).from(estimateItems).where(eq(estimateItems.serviceId, id));
  return Number(row?.n ?? 0);
}
