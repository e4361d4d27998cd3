import { and, desc, eq, ilike, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { todayIso } from "@domain/dates";
import { invoiceDueState, isInvoiceEditable, type invoiceListQuerySchema } from "@domain/invoices";
import { vatView } from "@domain/vat";
import type { z } from "@domain/zod";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { InvoiceLine } from "@domain/invoices";
import type { VatView } from "@domain/vat";
import type { Queryable } from "../../db/client";
import { invoiceVat, loadInvoiceLines } from "./lines";
import { isInvoiceSnapshot } from "./snapshot";
import { clients, contracts, estimates, invoices } from "../../db/schema";
import { countCapped, countedRow, likePattern, orderBy } from "../../lib/list";

type ListParams = z.output<typeof invoiceListQuerySchema>;

const i = invoices;

export const invoiceColumns = {
  id: i.id,
  number: i.number,
  year: i.year,
  sequence: i.sequence,
  contractId: i.contractId,
  kind: i.kind,
  amount: i.amount,
  treatment: i.treatment,
  vatAmount: i.vatAmount,
  stampDuty: i.stampDuty,
  totalAmount: i.totalAmount,
  withholding: i.withholding,
  netToPay: i.netToPay,
  salPhase: i.salPhase,
  issueDate: i.issueDate,
  dueDate: i.dueDate,
  paidDate: i.paidDate,
  status: i.status,
  notes: i.notes,
  sentAt: i.sentAt,
  pdfSha256: i.pdfSha256,
  xmlSha256: i.xmlSha256,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
  version: i.version,
};

function listWhere(params: ListParams, scope: string | null, today: string): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(i.number, p), ilike(contracts.number, p)));
  }
  // "scaduta" is derived (decisions §5): not paid and the due date is past.
  if (params.status === "scaduta") filters.push(and(ne(i.status, "pagata"), lt(i.dueDate, today)));
  else if (params.status) filters.push(eq(i.status, params.status));
  if (params.contractId) filters.push(eq(i.contractId, params.contractId));
  if (scope) filters.push(eq(estimates.clientId, scope));
  return and(...filters);
}

function invoiceOrder(params: ListParams): SQL[] {
  return orderBy(
    params.sort,
    {
      number: sql`${i.year}, ${i.sequence}`,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      amount: i.amount,
      totalAmount: i.totalAmount,
      status: i.status,
    },
    // id last: a stable order even among rows without a number.
    [desc(i.year), desc(i.sequence), desc(i.id)],
  );
}

/** Contract and estimate joined only when the WHERE needs them (search, portal scope). */
function whereJoins<Q extends PgSelect>(query: Q, params: ListParams, scope: string | null) {
  if (!params.q && !scope) return query;
  const joined = query.innerJoin(contracts, eq(contracts.id, i.contractId));
  return scope ? joined.innerJoin(estimates, eq(estimates.id, contracts.estimateId)) : joined;
}

/** One page: the ids first (through the ORDER BY's index), then contract and client for those rows only. */
export async function listInvoices(db: Queryable, params: ListParams, scope: string | null) {
  const today = todayIso();
  const { notes: _notes, salPhase: _sal, ...columns } = invoiceColumns;
  const order = invoiceOrder(params);
  const page = whereJoins(db.select({ id: i.id }).from(i).$dynamic(), params, scope)
    .where(listWhere(params, scope, today))
    .orderBy(...order)
    .limit(params.limit)
    .offset(params.offset)
    .as("page");
  const rows = await db
    .select({ ...columns, contractNumber: contracts.number, clientId: clients.id, clientName: clients.name })
    .from(page)
    .innerJoin(i, eq(i.id, page.id))
    .innerJoin(contracts, eq(contracts.id, i.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .orderBy(...order);
  return rows.map((r) => ({ ...r, dueState: invoiceDueState(r, today) }));
}

export function countInvoices(db: Queryable, params: ListParams, scope: string | null) {
  return countCapped(
    db,
    whereJoins(db.select(countedRow).from(i).$dynamic(), params, scope).where(listWhere(params, scope, todayIso())),
  );
}

/** Invoice, contract, estimate and client in one query; null when absent or outside the caller's scope. */
export async function findInvoiceDocument(db: Queryable, id: string, scope: string | null) {
  const [row] = await db
    .select({
      invoice: invoiceColumns,
      contract: {
        id: contracts.id,
        number: contracts.number,
        status: contracts.status,
        signedDate: contracts.signedDate,
        cig: contracts.cig,
        cup: contracts.cup,
      },
      estimate: {
        id: estimates.id,
        number: estimates.number,
        title: estimates.title,
        totalAmount: estimates.totalAmount,
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
        sdiCode: clients.sdiCode,
        officeCode: clients.officeCode,
        withholdingAgent: clients.withholdingAgent,
        vatNumber: clients.vatNumber,
        fiscalCode: clients.fiscalCode,
      },
    })
    .from(i)
    .innerJoin(contracts, eq(contracts.id, i.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .where(scope ? and(eq(i.id, id), eq(estimates.clientId, scope)) : eq(i.id, id))
    .limit(1);
  return row ?? null;
}
export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof findInvoiceDocument>>>;

/**
 * The detail screen: an issued invoice shows what its snapshot froze (lines and VAT, the same as
 * its PDF and FatturaPA); a draft its stored lines computed now by the engine.
 */
export async function getInvoiceDetail(db: Queryable, id: string, scope: string | null) {
  const doc = await findInvoiceDocument(db, id, scope);
  if (!doc) return null;
  const { pec: _pec, sdiCode: _sdi, officeCode: _office, withholdingAgent: _w, ...client } = doc.client;
  const { cig: _cig, cup: _cup, ...contract } = doc.contract;
  const { salPhase: _sal, ...invoice } = doc.invoice;
  const [stored] = await db.select({ snapshot: i.snapshot }).from(i).where(eq(i.id, id));
  let lines: InvoiceLine[];
  let vat: VatView | null = null;
  if (isInvoiceSnapshot(stored?.snapshot)) {
    lines = stored.snapshot.lines;
    vat = vatView(stored.snapshot.vat);
  } else {
    lines = await loadInvoiceLines(db, id);
    try {
      vat = vatView((await invoiceVat(db, doc)).vat);
    } catch {
      // The client record no longer allows the draft's VAT (e.g. partita IVA removed): issuing says why.
      vat = null;
    }
  }
  return {
    ...invoice,
    dueState: invoiceDueState(doc.invoice, todayIso()),
    editable: isInvoiceEditable(doc.invoice.status),
    lines,
    vat,
    contract,
    estimate: doc.estimate,
    client,
  };
}

/**
 * Imponibile of the contract's other invoices numbered before this one (PDF summary); for a
 * draft, which has no number yet, of all the contract's numbered invoices.
 */
export async function invoicedBefore(
  db: Queryable,
  contractId: string,
  invoiceId: string,
  year: number | null,
  sequence: number | null,
) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${i.amount}), 0)::numeric(12,2)::text` })
    .from(i)
    .where(
      and(
        eq(i.contractId, contractId),
        ne(i.id, invoiceId),
        isNotNull(i.sequence),
        year != null && sequence != null ? sql`(${i.year}, ${i.sequence}) < (${year}, ${sequence})` : undefined,
      ),
    );
  return row?.total ?? "0.00";
}
