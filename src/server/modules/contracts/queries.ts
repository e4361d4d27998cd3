import { and, ne, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { contractFinancials, isContractEditable, type contractListQuerySchema } from "@domain/contracts";
import { MAX_OPTIONS } from "@domain/common";
import type { z } from "@domain/zod";
import type { DocumentTreatment } from "@domain/vat";
import type { Queryable } from "../../db/client";
import { estimateVatView, listEstimateItems } from "../estimates/queries";
import { clients, constructionSites, contracts, estimates, invoices } from "../../db/schema";
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
import type { PgSelect } from "drizzle-orm/pg-core";
import { shapedRead } from "../../lib/prepared";

type ListParams = z.output<typeof contractListQuerySchema>;

const c = contracts;

export const contractColumns = {
  id: c.id,
  number: c.number,
  estimateId: c.estimateId,
  terms: c.terms,
  signedDate: c.signedDate,
  signedBy: c.signedBy,
  status: c.status,
  activatedAt: c.activatedAt,
  completedAt: c.completedAt,
  cig: c.cig,
  cup: c.cup,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  version: c.version,
};

function listWhere(params: ListParams, scope: string | null): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(c.number, p), ilike(estimates.title, p)));
  }
  if (params.status) filters.push(eq(c.status, params.status));
  if (params.estimateId) filters.push(eq(c.estimateId, params.estimateId));
  if (params.invoiceable === "true") filters.push(ne(c.status, "bozza"));
  if (scope) filters.push(eq(estimates.clientId, scope));
  return and(...filters);
}

/**
 * The page the parameters ask for, by cursor or by offset: newest first (contracts_list_idx), the
 * number alone (unique), or a sort followed by the id in its direction (migration 0017).
 */
export function contractKeyset(params: ListParams): Keyset {
  const descending = Boolean(params.sort?.startsWith("-"));
  const keys: SortKey[] =
    sortKey(params.sort) === "number"
      ? [{ expr: c.number, desc: descending }]
      : sortKeys(
          params.sort,
          { createdAt: c.createdAt, signedDate: { expr: c.signedDate, nullable: true }, status: c.status },
          [
            { expr: c.createdAt, desc: true },
            { expr: c.id, desc: true },
          ],
          c.id,
        );
  return keyset(params, keys);
}

const readPage = shapedRead();
const { terms: _terms, ...listColumns } = contractColumns;

/** The estimate is needed in the WHERE only to search its title or for the portal's scope. */
const withEstimate = (params: ListParams, scope: string | null) => Boolean(params.q || scope);
const matchingContracts = <Q extends PgSelect>(query: Q, joined: boolean) =>
  joined ? query.innerJoin(estimates, eq(estimates.id, c.estimateId)) : query;

/**
 * One page: the ids first (through the ORDER BY's index), then estimate and client for those rows
 * only. Built once per shape (lib/prepared.ts shapedRead).
 */
export async function listContracts(
  db: Queryable,
  params: ListParams,
  scope: string | null,
  ks: Keyset = contractKeyset(params),
) {
  const joined = withEstimate(params, scope);
  return readPage(
    db,
    keysetPage({
      shape: `contracts|${params.sort ?? ""}|${joined}`,
      filters: listWhere(params, scope),
      ks,
      limit: params.limit,
      build: (ordered) => {
        const page = ordered(matchingContracts(db.select({ id: c.id }).from(c).$dynamic(), joined)).as("page");
        return db
          .select({
            ...listColumns,
            estimateNumber: estimates.number,
            estimateTitle: estimates.title,
            estimateTotal: estimates.totalAmount,
            clientId: clients.id,
            clientName: clients.name,
            cursor: cursorSql(ks.keys),
          })
          .from(page)
          .innerJoin(c, eq(c.id, page.id))
          .innerJoin(estimates, eq(estimates.id, c.estimateId))
          .innerJoin(clients, eq(clients.id, estimates.clientId))
          .orderBy(...ks.order);
      },
    }),
  );
}

export function countContracts(db: Queryable, params: ListParams, scope: string | null) {
  const joined = withEstimate(params, scope);
  return countShaped(db, {
    shape: `contracts|${joined}`,
    where: listWhere(params, scope),
    table: c,
    joined,
    matching: (where) => matchingContracts(db.select(countedRow).from(c).$dynamic(), joined).where(where),
  });
}

/** Contract, estimate and client in one query; null when absent or outside the caller's scope. */
export async function findContractWithParties(db: Queryable, id: string, scope: string | null) {
  const [row] = await db
    .select({
      contract: contractColumns,
      estimate: {
        id: estimates.id,
        number: estimates.number,
        title: estimates.title,
        description: estimates.description,
        totalAmount: estimates.totalAmount,
        treatment: estimates.treatment,
        orderId: estimates.orderId,
        clientId: estimates.clientId,
        vatAmount: estimates.vatAmount,
        grossTotal: estimates.grossTotal,
        withholding: estimates.withholding,
        netToPay: estimates.netToPay,
        acceptedAt: estimates.acceptedAt,
        acceptedBy: estimates.acceptedBy,
        acceptedIp: estimates.acceptedIp,
      },
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
        pec: clients.pec,
        vatNumber: clients.vatNumber,
        fiscalCode: clients.fiscalCode,
        sdiCode: clients.sdiCode,
        withholdingAgent: clients.withholdingAgent,
      },
    })
    .from(c)
    .innerJoin(estimates, eq(estimates.id, c.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(scope ? and(eq(c.id, id), eq(estimates.clientId, scope)) : eq(c.id, id))
    .limit(1);
  return row ?? null;
}

export async function contractInvoices(db: Queryable, contractId: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      amount: invoices.amount,
      totalAmount: invoices.totalAmount,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      paidDate: invoices.paidDate,
      netToPay: invoices.netToPay,
      paidAmount: invoices.paidAmount,
    })
    .from(invoices)
    .where(eq(invoices.contractId, contractId))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
}

export async function estimateSites(db: Queryable, estimateId: string) {
  return db
    .select({
      id: constructionSites.id,
      name: constructionSites.name,
      status: constructionSites.status,
      progress: constructionSites.progress,
    })
    .from(constructionSites)
    .where(eq(constructionSites.estimateId, estimateId))
    .orderBy(asc(constructionSites.createdAt));
}

export async function getContractDetail(db: Queryable, id: string, scope: string | null) {
  const row = await findContractWithParties(db, id, scope);
  if (!row) return null;
  const invoiceRows = await contractInvoices(db, id);
  const sites = await estimateSites(db, row.estimate.id);
  const { acceptedIp: _ip, orderId: _o, clientId: _c, ...estimate } = row.estimate;
  const vat = await contractVatView(db, row);
  const { province: _p, zipCode: _z, pec: _pec, fiscalCode: _f, sdiCode: _s, ...client } = row.client;
  return {
    ...row.contract,
    editable: isContractEditable(row.contract.status),
    estimate,
    client,
    invoices: invoiceRows,
    sites,
    vat,
    financials: contractFinancials(row.estimate.totalAmount, invoiceRows),
  };
}

/** Accepted estimates that have no contract yet: what "Nuovo Contratto" offers (docs/domain/statuses.md). */
/** Newest accepted first; `limit` rows at most (the picker asks for 20; MAX_OPTIONS by default). */
export async function contractEstimateOptions(db: Queryable, q: string | undefined, limit = MAX_OPTIONS) {
  const filters: (SQL | undefined)[] = [eq(estimates.status, "accettato"), isNull(c.id)];
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
      acceptedAt: estimates.acceptedAt,
    })
    .from(estimates)
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .leftJoin(c, eq(c.estimateId, estimates.id))
    .where(and(...filters))
    .orderBy(desc(sql`coalesce(${estimates.acceptedAt}, ${estimates.createdAt})`), desc(estimates.id))
    .limit(limit);
}

/** The contract's VAT: its estimate's lines through the engine (the contract inherits them). */
export async function contractVatView(
  db: Queryable,
  row: { estimate: { id: string; clientId: string; treatment: DocumentTreatment; orderId: string | null } },
) {
  return estimateVatView(db, row.estimate, await listEstimateItems(db, row.estimate.id));
}
