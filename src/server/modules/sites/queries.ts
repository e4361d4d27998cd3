import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { todayIso, isSiteLate, isSlowProgress } from "@domain/dates";
import { siteCostAnalysis, type siteListQuerySchema } from "@domain/sites";
import { MAX_OPTIONS } from "@domain/common";
import type { z } from "@domain/zod";
import type { Queryable } from "../../db/client";
import { clients, constructionSites, contracts, estimates, orders, suppliers, users } from "../../db/schema";
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
import type { PgSelect } from "drizzle-orm/pg-core";
import { shapedRead } from "../../lib/prepared";
import { assigneeColumns, toAssignedUser } from "../team/queries";

type ListParams = z.output<typeof siteListQuerySchema>;

const s = constructionSites;

/** Every column a site answer carries (the response schema is the allowlist). */
export const siteColumns = {
  id: s.id,
  estimateId: s.estimateId,
  name: s.name,
  address: s.address,
  status: s.status,
  progress: s.progress,
  startDate: s.startDate,
  estimatedEndDate: s.estimatedEndDate,
  endDate: s.endDate,
  workType: s.workType,
  surfaceArea: s.surfaceArea,
  floorsCount: s.floorsCount,
  expectedWorkers: s.expectedWorkers,
  estimatedBudget: s.estimatedBudget,
  workingHours: s.workingHours,
  mainMaterials: s.mainMaterials,
  siteManager: s.siteManager,
  emergencyPhone: s.emergencyPhone,
  permits: s.permits,
  safetyRequirements: s.safetyRequirements,
  accessConditions: s.accessConditions,
  specialEquipment: s.specialEquipment,
  usesScaffolding: s.usesScaffolding,
  notes: s.notes,
  assignedUserId: s.assignedUserId,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  version: s.version,
};

function listWhere(params: ListParams, scope: string | null): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(s.name, p), ilike(s.address, p)));
  }
  if (params.status) filters.push(eq(s.status, params.status));
  if (params.estimateId) filters.push(eq(s.estimateId, params.estimateId));
  // Resolved by the route (`assigned=me` → the session user); uses (assigned_user_id, status).
  if (params.assignedUserId) filters.push(eq(s.assignedUserId, params.assignedUserId));
  if (scope) filters.push(eq(estimates.clientId, scope));
  return and(...filters);
}

/**
 * The page the parameters ask for, by cursor or by offset: newest first (sites_list_idx), or a
 * chosen sort followed by the id in its direction (migration 0017).
 */
export const siteKeyset = (params: ListParams) =>
  keyset(
    params,
    sortKeys(
      params.sort,
      {
        name: sql`lower(${s.name})`,
        createdAt: s.createdAt,
        startDate: { expr: s.startDate, nullable: true },
        estimatedEndDate: { expr: s.estimatedEndDate, nullable: true },
        progress: s.progress,
      },
      [
        { expr: s.createdAt, desc: true },
        { expr: s.id, desc: true },
      ],
      s.id,
    ),
  );

const readPage = shapedRead();

/**
 * One page: the ids first (through the ORDER BY's index), then estimate and client for those rows
 * only. Built once per shape (lib/prepared.ts shapedRead).
 */
export async function listSites(
  db: Queryable,
  params: ListParams,
  scope: string | null,
  ks: Keyset = siteKeyset(params),
) {
  const rows = await readPage(
    db,
    keysetPage({
      shape: `sites|${params.sort ?? ""}|${Boolean(scope)}`,
      filters: listWhere(params, scope),
      ks,
      limit: params.limit,
      build: (ordered) => {
        const page = ordered(matchingSites(db.select({ id: s.id }).from(s).$dynamic(), scope)).as("page");
        return db
          .select({
            ...siteColumns,
            estimateNumber: estimates.number,
            estimateTitle: estimates.title,
            clientId: clients.id,
            clientName: clients.name,
            assignee: assigneeColumns,
            cursor: cursorSql(ks.keys),
          })
          .from(page)
          .innerJoin(s, eq(s.id, page.id))
          .innerJoin(estimates, eq(estimates.id, s.estimateId))
          .innerJoin(clients, eq(clients.id, estimates.clientId))
          .leftJoin(users, eq(users.id, s.assignedUserId))
          .orderBy(...ks.order);
      },
    }),
  );
  const today = todayIso();
  return rows.map(({ assignee, ...r }) => ({
    ...r,
    assignedUser: toAssignedUser(assignee),
    late: isSiteLate(r.estimatedEndDate, r.status, today),
  }));
}

/** The estimate is needed in the WHERE only for the portal's scope (its client). */
const matchingSites = <Q extends PgSelect>(query: Q, scope: string | null) =>
  scope ? query.innerJoin(estimates, eq(estimates.id, s.estimateId)) : query;

export function countSites(db: Queryable, params: ListParams, scope: string | null) {
  return countShaped(db, {
    shape: `sites|${Boolean(scope)}`,
    where: listWhere(params, scope),
    table: s,
    joined: Boolean(scope),
    matching: (where) => matchingSites(db.select(countedRow).from(s).$dynamic(), scope).where(where),
  });
}

/**
 * The detail screen in a handful of small queries. Portal users (scope set) get their own
 * site only, and never the internal cost figures or supplier orders.
 */
export async function getSiteDetail(db: Queryable, id: string, scope: string | null) {
  const [row] = await db
    .select({
      site: siteColumns,
      estimate: {
        id: estimates.id,
        number: estimates.number,
        title: estimates.title,
        status: estimates.status,
        totalAmount: estimates.totalAmount,
        grossTotal: estimates.grossTotal,
        createdAt: estimates.createdAt,
      },
      client: {
        id: clients.id,
        name: clients.name,
        type: clients.type,
        address: clients.address,
        city: clients.city,
        phone: clients.phone,
        email: clients.email,
      },
      assignee: assigneeColumns,
    })
    .from(s)
    .innerJoin(estimates, eq(estimates.id, s.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .leftJoin(users, eq(users.id, s.assignedUserId))
    .where(scope ? and(eq(s.id, id), eq(estimates.clientId, scope)) : eq(s.id, id))
    .limit(1);
  if (!row) return null;
  const today = todayIso();
  const contractRows = await db
    .select({
      id: contracts.id,
      number: contracts.number,
      status: contracts.status,
      signedDate: contracts.signedDate,
      createdAt: contracts.createdAt,
    })
    .from(contracts)
    .where(eq(contracts.estimateId, row.estimate.id))
    .orderBy(asc(contracts.createdAt));
  const base = {
    ...row.site,
    assignedUser: toAssignedUser(row.assignee),
    late: isSiteLate(row.site.estimatedEndDate, row.site.status, today),
    slowProgress: isSlowProgress(row.site.progress, row.site.status),
    estimate: row.estimate,
    client: row.client,
    contracts: contractRows,
  };
  if (scope) return { ...base, costAnalysis: null, orders: [] };

  const orderRows = await db
    .select({
      id: orders.id,
      number: orders.number,
      title: orders.title,
      status: orders.status,
      orderDate: orders.orderDate,
      totalAmount: orders.totalAmount,
      supplierName: suppliers.name,
    })
    .from(orders)
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(eq(orders.constructionSiteId, id))
    .orderBy(desc(orders.orderDate), desc(orders.id));
  // Cancelled orders cost nothing; every other order counts, as the specification sums "the orders".
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::numeric(12,2)::text` })
    .from(orders)
    .where(and(eq(orders.constructionSiteId, id), sql`${orders.status} <> 'annullato'`));
  return {
    ...base,
    costAnalysis: siteCostAnalysis(row.estimate.totalAmount, sum?.total ?? "0.00", row.site.progress),
    orders: orderRows,
  };
}

/** Accepted estimates a site can be opened on (docs/domain/statuses.md), searched by number, title or client. */
/** `limit` rows at most: the "Nuovo cantiere" picker asks for 20 (MAX_OPTIONS by default). */
export async function siteEstimateOptions(db: Queryable, q: string | undefined, limit = MAX_OPTIONS) {
  const filters: (SQL | undefined)[] = [eq(estimates.status, "accettato")];
  if (q) {
    const p = likePattern(q);
    filters.push(or(ilike(estimates.number, p), ilike(estimates.title, p), ilike(clients.name, p)));
  }
  return db
    .select({
      id: estimates.id,
      number: estimates.number,
      title: estimates.title,
      clientName: clients.name,
      totalAmount: estimates.totalAmount,
    })
    .from(estimates)
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(and(...filters))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(limit);
}
