import { and, asc, desc, eq, ilike, notExists, or, sql, type SQL } from "drizzle-orm";
import type { estimateListQuerySchema } from "@domain/estimates";
import type { z } from "@domain/zod";
import type { EstimateStatus } from "@domain/statuses";
import { computeEstimateTotals } from "@domain/estimates";
import { plainDecimal } from "@domain/money";
import { vatView, type DocumentTreatment } from "@domain/vat";
import type { Queryable } from "../../db/client";
import { loadClient, vatSetup, type VatClient } from "./lines";
import { clients, constructionSites, contracts, estimateItems, estimates, orders, surveys } from "../../db/schema";
import {
  countShaped,
  countedRow,
  cursorSql,
  keyset,
  keysetPage,
  likePattern,
  sortKey,
  sortKeys,
  type Keyset,
  type SortKey,
} from "../../lib/list";
import { preparedRead, shapedRead } from "../../lib/prepared";

type ListParams = z.output<typeof estimateListQuerySchema>;

/** The columns every estimate answer carries (estimateSchema), client name included. */
export const estimateColumns = {
  id: estimates.id,
  number: estimates.number,
  clientId: estimates.clientId,
  clientName: clients.name,
  surveyId: estimates.surveyId,
  orderId: estimates.orderId,
  title: estimates.title,
  description: estimates.description,
  materialsCost: estimates.materialsCost,
  laborCost: estimates.laborCost,
  totalAmount: estimates.totalAmount,
  treatment: estimates.treatment,
  vatAmount: estimates.vatAmount,
  stampDuty: estimates.stampDuty,
  grossTotal: estimates.grossTotal,
  withholding: estimates.withholding,
  netToPay: estimates.netToPay,
  validityDays: estimates.validityDays,
  status: estimates.status,
  expiresAt: estimates.expiresAt,
  sentAt: estimates.sentAt,
  acceptedAt: estimates.acceptedAt,
  acceptedBy: estimates.acceptedBy,
  rejectedAt: estimates.rejectedAt,
  createdAt: estimates.createdAt,
  updatedAt: estimates.updatedAt,
  version: estimates.version,
};

/** `scope`: the portal user's client; null for an administrator. */
function listWhere(params: ListParams, scope: string | null): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (scope) filters.push(eq(estimates.clientId, scope));
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(estimates.title, p), ilike(estimates.number, p), ilike(clients.name, p)));
  }
  if (params.status) filters.push(eq(estimates.status, params.status as EstimateStatus));
  if (params.clientId) filters.push(eq(estimates.clientId, params.clientId));
  if (params.withoutContract) {
    filters.push(notExists(sql`(select 1 from ${contracts} where ${contracts.estimateId} = ${estimates.id})`));
  }
  return and(...filters);
}

const readPage = shapedRead();

/** The page the parameters ask for, in the list's order (by cursor or by offset). */
export const estimateKeyset = (params: ListParams) => keyset(params, estimateKeys(params));

function estimateKeys(params: ListParams): SortKey[] {
  return sortKeys(
    params.sort,
    {
      number: estimates.number,
      createdAt: estimates.createdAt,
      totalAmount: estimates.totalAmount,
      title: sql`lower(${estimates.title})`,
      status: estimates.status,
      clientName: sql`lower(${clients.name})`,
      expiresAt: estimates.expiresAt,
    },
    [
      { expr: estimates.createdAt, desc: true },
      { expr: estimates.number, desc: true },
    ],
  );
}

/**
 * One page: the ids first (walking the ORDER BY's index from the cursor, joined to clients only
 * when the search or the sort needs the client's name), then the columns and the client's name
 * for those rows. Each row carries its `cursor` (sendKeysetPage turns it into headers). Built
 * once per shape (lib/prepared.ts shapedRead).
 */
export async function listEstimates(
  db: Queryable,
  params: ListParams,
  scope: string | null,
  ks: Keyset = estimateKeyset(params),
) {
  const byClientName = Boolean(params.q) || sortKey(params.sort) === "clientName";
  return readPage(
    db,
    keysetPage({
      shape: `estimates|${params.sort ?? ""}|${byClientName}`,
      filters: listWhere(params, scope),
      ks,
      limit: params.limit,
      build: (ordered) => {
        let ids = db.select({ id: estimates.id }).from(estimates).$dynamic();
        if (byClientName) ids = ids.innerJoin(clients, eq(clients.id, estimates.clientId));
        const page = ordered(ids).as("page");
        return db
          .select({ ...estimateColumns, cursor: cursorSql(ks.keys) })
          .from(page)
          .innerJoin(estimates, eq(estimates.id, page.id))
          .innerJoin(clients, eq(clients.id, estimates.clientId))
          .orderBy(...ks.order);
      },
    }),
  );
}

export function countEstimates(db: Queryable, params: ListParams, scope: string | null) {
  // The client is joined only to search its name (estimates.client_id is NOT NULL with a foreign key).
  const byClientName = Boolean(params.q);
  return countShaped(db, {
    shape: `estimates|${byClientName}`,
    where: listWhere(params, scope),
    table: estimates,
    joined: byClientName,
    matching: (where) => {
      const counted = db.select(countedRow).from(estimates).$dynamic();
      return (byClientName ? counted.innerJoin(clients, eq(clients.id, estimates.clientId)) : counted).where(where);
    },
  });
}

/** One estimate as the API returns it, or null (also when outside the portal user's scope). */
export async function findEstimate(db: Queryable, id: string, scope: string | null = null) {
  const [row] = await db
    .select(estimateColumns)
    .from(estimates)
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(and(eq(estimates.id, id), scope ? eq(estimates.clientId, scope) : undefined))
    .limit(1);
  return row ?? null;
}

/** A stored line as the API answers it: quantity and unit price without padding zeros. */
export const estimateItemView = <T extends { quantity: string; unitPrice: string }>(row: T): T => ({
  ...row,
  quantity: plainDecimal(row.quantity),
  unitPrice: plainDecimal(row.unitPrice),
});

const id = sql.placeholder("id");

const readItems = preparedRead("colmo_estimate_items", (db) =>
  db
    .select()
    .from(estimateItems)
    .where(eq(estimateItems.estimateId, id))
    .orderBy(asc(estimateItems.position), asc(estimateItems.createdAt)),
);

export async function listEstimateItems(db: Queryable, estimateId: string) {
  return (await readItems(db, { id: estimateId })).map(estimateItemView);
}

type VatItems = {
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  natura: string | null;
  significantGood: boolean;
}[];

/** The engine's view of a stored estimate, for the screens; null when its client no longer allows it. */
export async function estimateVatView(
  db: Queryable,
  estimate: { clientId: string; treatment: DocumentTreatment; orderId: string | null },
  items: VatItems,
) {
  const client = await loadClient(db, estimate.clientId);
  const [order] = estimate.orderId
    ? await db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, estimate.orderId))
    : [];
  return vatViewOf(db, client, estimate.treatment, order?.total ?? null, items);
}

/** estimateVatView with the client and the attached order's total already read. */
async function vatViewOf(
  db: Queryable,
  client: VatClient,
  treatment: DocumentTreatment,
  orderTotal: string | null,
  items: VatItems,
) {
  const setup = await vatSetup(db, client, treatment);
  const totals = computeEstimateTotals(items, orderTotal, setup.ctx, setup.defaultRate);
  return totals.vat ? vatView(totals.vat) : null;
}

/** The estimate with its client, survey and order; `scoped`: only when it is the portal client's. */
const detailRow = (scoped: boolean) => (db: Queryable) =>
  db
    .select({
      row: { ...estimateColumns, acceptedIp: estimates.acceptedIp },
      client: {
        id: clients.id,
        name: clients.name,
        type: clients.type,
        address: clients.address,
        city: clients.city,
        province: clients.province,
        zipCode: clients.zipCode,
        email: clients.email,
        phone: clients.phone,
        vatNumber: clients.vatNumber,
        fiscalCode: clients.fiscalCode,
        withholdingAgent: clients.withholdingAgent,
      },
      survey: { id: surveys.id, date: surveys.date, address: surveys.address, status: surveys.status },
      order: {
        id: orders.id,
        number: orders.number,
        title: orders.title,
        totalAmount: orders.totalAmount,
        status: orders.status,
      },
    })
    .from(estimates)
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .leftJoin(surveys, eq(surveys.id, estimates.surveyId))
    .leftJoin(orders, eq(orders.id, estimates.orderId))
    .where(and(eq(estimates.id, id), scoped ? eq(estimates.clientId, sql.placeholder("scope")) : undefined))
    .limit(1);
const readDetailRow = preparedRead("colmo_estimate_detail", detailRow(false));
const readScopedDetailRow = preparedRead("colmo_estimate_detail_scoped", detailRow(true));

const readContracts = preparedRead("colmo_estimate_contracts", (db) =>
  db
    .select({
      id: contracts.id,
      number: contracts.number,
      status: contracts.status,
      signedDate: contracts.signedDate,
      createdAt: contracts.createdAt,
    })
    .from(contracts)
    .where(eq(contracts.estimateId, id))
    .orderBy(desc(contracts.createdAt)),
);

const readSites = preparedRead("colmo_estimate_sites", (db) =>
  db
    .select({
      id: constructionSites.id,
      name: constructionSites.name,
      status: constructionSites.status,
      progress: constructionSites.progress,
    })
    .from(constructionSites)
    .where(eq(constructionSites.estimateId, id))
    .orderBy(desc(constructionSites.createdAt)),
);

/**
 * The detail screen: the estimate, its lines, client, survey, order, contracts and sites.
 * The estimate, its client, survey and order come in one statement (they were five, two of them
 * reading the client and the order a second time for the VAT view); then the lines, the company
 * settings, contracts and sites: five statements in all, each prepared (lib/prepared.ts).
 */
export async function getEstimateDetail(db: Queryable, estimateId: string, scope: string | null) {
  const [found] = scope
    ? await readScopedDetailRow(db, { id: estimateId, scope })
    : await readDetailRow(db, { id: estimateId });
  if (!found) return null;
  const { row, client, survey, order } = found;
  const items = await listEstimateItems(db, estimateId);
  const vat = await vatViewOf(db, client, row.treatment, order?.totalAmount ?? null, items);
  return {
    ...row,
    client,
    items,
    vat,
    survey: survey ?? null,
    order: order ?? null,
    contracts: await readContracts(db, { id: estimateId }),
    sites: await readSites(db, { id: estimateId }),
  };
}

/** What still hangs off an estimate and blocks its deletion. */
export async function estimateDependents(db: Queryable, id: string) {
  const [row] = await db
    .select({
      contracts: sql<number>`(select count(*) from ${contracts} where ${contracts.estimateId} = ${id})`.mapWith(Number),
      sites:
        sql<number>`(select count(*) from ${constructionSites} where ${constructionSites.estimateId} = ${id})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return row ?? { contracts: 0, sites: 0 };
}
