import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ServiceListParams } from "@domain/services";
import type { Queryable } from "../../db/client";
import { estimateItems, services } from "../../db/schema";
import { countCapped, countedRow, likePattern, orderBy } from "../../lib/list";

type ListParams = ServiceListParams & { limit: number; offset: number };

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

export async function listServices(db: Queryable, params: ListParams) {
  return db
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
    })
    .from(services)
    .where(listWhere(params))
    .orderBy(
      ...orderBy(
        params.sort,
        {
          name: sql`lower(${services.name})`,
          unitPrice: services.unitPrice,
          category: services.category,
          createdAt: services.createdAt,
        },
        [sql`lower(${services.name})`, desc(services.id)],
      ),
    )
    .limit(params.limit)
    .offset(params.offset);
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
