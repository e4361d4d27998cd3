import { and, asc, count, eq, gte, ilike, isNull, lt, lte, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { daysPastDue, remainderOf } from "@domain/payments";
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
import {
  clients,
  contracts,
  estimates,
  invoiceDueTotals,
  invoicePayments as invoicePaymentsTable,
  invoices,
  invoiceSdiEvents,
} from "../../db/schema";
import { preparedRead, shapedRead } from "../../lib/prepared";
import {
  countShaped,
  countedRow,
  deferred,
  cursorSql,
  keyset,
  keysetPage,
  likePattern,
  sortKey,
  sortKeys,
  type Keyset,
  type SortKey,
} from "../../lib/list";

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
  paidAmount: i.paidAmount,
  creditedAmount: i.creditedAmount,
  sdiStatus: i.sdiStatus,
  transmission: i.transmission,
  creditedInvoiceId: i.creditedInvoiceId,
  creditReason: i.creditReason,
  remindersSent: i.remindersSent,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
  version: i.version,
};

/** What is still to be collected, in SQL (the same rule as remainderOf). */
export const remainderSql = sql<string>`greatest(${i.netToPay} - ${i.paidAmount} - ${i.creditedAmount}, 0)`;

/**
 * Open: something left to collect (docs/domain/invoices.md): not pagata, not a credit note, a draft
 * (with its whole total) or a remainder above zero. It is the predicate of the partial index
 * invoices_open_list_idx (drizzle/0023_overdue_list.sql), written with the constants in the text,
 * not as parameters: PostgreSQL proves that a query may read a partial index by comparing the
 * conditions, and a `$1` proves nothing in a generic plan. invoices_unpaid_due_idx's predicate is
 * its first two terms.
 */
export const openSql = sql`${i.status} <> 'pagata' and ${i.kind} <> 'nota_credito' and (${i.status} = 'bozza' or ${remainderSql} > 0)`;

/** Overdue, derived on the remainder: open (above) and the due date past. */
export const overdueSql = (today: string | SQLWrapper) => and(openSql, lt(i.dueDate, today))!;

function listWhere(params: ListParams, scope: string | null, today: string): SQL | undefined {
  return listFilters(params, scope, today).where;
}

/**
 * The list's WHERE, and whether its plan is the same whatever its values: the "Scadute" filter
 * alone, whose only value is today's date (every day the same walk of invoices_open_list_idx), so
 * its page is a named statement planned once per connection like an unfiltered one (a search or a
 * date range is planned with its values each time).
 */
function listFilters(params: ListParams, scope: string | null, today: string) {
  const filters: (SQL | undefined)[] = [];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(i.number, p), ilike(contracts.number, p)));
  }
  // "scaduta" is derived (docs/domain/statuses.md): not paid and the due date is past.
  if (params.status === "scaduta") filters.push(overdueSql(today));
  else if (params.status) filters.push(eq(i.status, params.status));
  if (params.contractId) filters.push(eq(i.contractId, params.contractId));
  if (params.from) filters.push(gte(i.issueDate, params.from));
  if (params.to) filters.push(lte(i.issueDate, params.to));
  if (params.type)
    filters.push(params.type === "nota_credito" ? eq(i.kind, "nota_credito") : ne(i.kind, "nota_credito"));
  if (params.sdiStatus === "in_attesa") filters.push(and(ne(i.status, "bozza"), isNull(i.sdiStatus)));
  else if (params.sdiStatus) filters.push(eq(i.sdiStatus, params.sdiStatus));
  if (params.clientId) filters.push(eq(estimates.clientId, params.clientId));
  if (scope) filters.push(eq(estimates.clientId, scope));
  return { where: and(...filters), planStable: params.status === "scaduta" && filters.filter(Boolean).length === 1 };
}

function invoiceKeys(params: ListParams): SortKey[] {
  // "number" is two keys (year, then sequence); drafts have neither.
  if (sortKey(params.sort) === "number") {
    const descending = Boolean(params.sort?.startsWith("-"));
    return [
      { expr: i.year, desc: descending, nullable: true },
      { expr: i.sequence, desc: descending, nullable: true },
      ...invoiceFallback,
    ];
  }
  return sortKeys(
    params.sort,
    {
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      amount: i.amount,
      totalAmount: i.totalAmount,
      status: i.status,
    },
    invoiceFallback,
  );
}

// id last: a stable order even among rows without a number.
const invoiceFallback: SortKey[] = [
  { expr: i.year, desc: true, nullable: true },
  { expr: i.sequence, desc: true, nullable: true },
  { expr: i.id, desc: true },
];

/** The page the parameters ask for, in the list's order (by cursor or by offset). */
export const invoiceKeyset = (params: ListParams) => keyset(params, invoiceKeys(params));

/** Which joins the WHERE needs: contract (search), contract and estimate (client filter, portal scope). */
function joinsOf(params: ListParams, scope: string | null) {
  if (scope || params.clientId) return "estimate" as const;
  return params.q ? ("contract" as const) : ("none" as const);
}

/** Contract and estimate joined only when the WHERE needs them (search, client filter, portal scope). */
function whereJoins<Q extends PgSelect>(query: Q, joins: ReturnType<typeof joinsOf>) {
  if (joins === "none") return query;
  const joined = query.innerJoin(contracts, eq(contracts.id, i.contractId));
  return joins === "estimate" ? joined.innerJoin(estimates, eq(estimates.id, contracts.estimateId)) : joined;
}

const readPage = shapedRead();
const { notes: _notes, salPhase: _sal, ...listColumns } = invoiceColumns;

/** One page: the ids first (through the ORDER BY's index), then contract and client for those rows only. */
export async function listInvoices(
  db: Queryable,
  params: ListParams,
  scope: string | null,
  ks: Keyset = invoiceKeyset(params),
) {
  const today = todayIso();
  const joins = joinsOf(params, scope);
  const { where, planStable } = listFilters(params, scope, today);
  const rows = await readPage(
    db,
    keysetPage({
      shape: `invoices|${params.sort ?? ""}|${joins}`,
      filters: where,
      planStable,
      ks,
      limit: params.limit,
      build: (ordered) => {
        const page = ordered(whereJoins(db.select({ id: i.id }).from(i).$dynamic(), joins)).as("page");
        return db
          .select({
            ...listColumns,
            contractNumber: contracts.number,
            clientId: clients.id,
            clientName: clients.name,
            cursor: cursorSql(ks.keys),
          })
          .from(page)
          .innerJoin(i, eq(i.id, page.id))
          .innerJoin(contracts, eq(contracts.id, i.contractId))
          .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
          .innerJoin(clients, eq(clients.id, estimates.clientId))
          .orderBy(...ks.order);
      },
    }),
  );
  return rows.map((r) => {
    const remainder = listRemainder(r);
    return { ...r, remainder, dueState: invoiceDueState({ ...r, remainder }, today) };
  });
}

/** A credit note has nothing to collect; a draft, once issued, its whole total. */
const listRemainder = (r: { kind: string; netToPay: string; paidAmount: string; creditedAmount: string }) =>
  r.kind === "nota_credito" ? "0.00" : remainderOf(r);

/** Count and sums of every invoice the filters match, in one aggregate (docs/domain/invoices.md: the filtered total). */
export async function invoiceListTotals(db: Queryable, params: ListParams) {
  const money = (expr: SQL) => sql<string>`coalesce(sum(${expr}), 0)::numeric(14,2)::text`;
  const [row] = await whereJoins(
    db
      .select({
        count: count(),
        amount: money(sql`${i.amount}`),
        totalAmount: money(sql`${i.totalAmount}`),
        remainder: money(sql`case when ${i.kind} = 'nota_credito' then 0 else ${remainderSql} end`),
      })
      .from(i)
      .$dynamic(),
    joinsOf(params, null),
  ).where(listWhere(params, null, todayIso()));
  return {
    count: Number(row?.count ?? 0),
    amount: row?.amount ?? "0.00",
    totalAmount: row?.totalAmount ?? "0.00",
    remainder: row?.remainder ?? "0.00",
  };
}

/**
 * How many invoices are overdue on `today` and what is still owed on them (a draft: its total):
 * the sum of the open amounts by due date that the triggers on invoices keep (migration 0026),
 * over the dates before today. The dashboard's card and the "Scadute" list's count.
 */
export const overdueTotals = (db: Queryable) =>
  db
    .select({
      count: sql<number>`coalesce(sum(${invoiceDueTotals.count}), 0)::int`.mapWith(Number).as("count"),
      total: sql<string>`coalesce(sum(${invoiceDueTotals.amount}), 0)::numeric(14,2)::text`.as("total"),
    })
    .from(invoiceDueTotals)
    .where(lt(invoiceDueTotals.dueDate, sql.placeholder("today")));
export const readOverdueTotals = preparedRead("colmo_invoices_overdue_totals", overdueTotals);

export function countInvoices(db: Queryable, params: ListParams, scope: string | null) {
  // "Scadute" alone, in the office: every overdue invoice, counted by the kept totals.
  if (!scope && listFilters(params, scope, todayIso()).planStable)
    return deferred(async () => (await readOverdueTotals(db, { today: todayIso() }))[0]?.count ?? 0);
  const joins = joinsOf(params, scope);
  return countShaped(db, {
    shape: `invoices|${joins}`,
    where: listWhere(params, scope, todayIso()),
    table: i,
    joined: joins !== "none",
    matching: (where) => whereJoins(db.select(countedRow).from(i).$dynamic(), joins).where(where),
  });
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

export async function invoicePayments(db: Queryable, invoiceId: string) {
  return db
    .select({
      id: invoicePaymentsTable.id,
      date: invoicePaymentsTable.date,
      amount: invoicePaymentsTable.amount,
      method: invoicePaymentsTable.method,
      createdAt: invoicePaymentsTable.createdAt,
    })
    .from(invoicePaymentsTable)
    .where(eq(invoicePaymentsTable.invoiceId, invoiceId))
    .orderBy(asc(invoicePaymentsTable.date), asc(invoicePaymentsTable.createdAt));
}

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
  const today = todayIso();
  const remainder = listRemainder(doc.invoice);
  const [payments, sdiEvents, creditNotes, credited] = [
    await invoicePayments(db, id),
    await db
      .select({
        id: invoiceSdiEvents.id,
        event: invoiceSdiEvents.event,
        transmission: invoiceSdiEvents.transmission,
        fileName: invoiceSdiEvents.fileName,
        code: invoiceSdiEvents.code,
        message: invoiceSdiEvents.message,
        date: invoiceSdiEvents.date,
        createdAt: invoiceSdiEvents.createdAt,
      })
      .from(invoiceSdiEvents)
      .where(eq(invoiceSdiEvents.invoiceId, id))
      .orderBy(asc(invoiceSdiEvents.createdAt)),
    await db
      .select({ id: i.id, number: i.number, issueDate: i.issueDate, totalAmount: i.totalAmount })
      .from(i)
      .where(eq(i.creditedInvoiceId, id))
      .orderBy(asc(i.year), asc(i.sequence)),
    doc.invoice.creditedInvoiceId
      ? await db
          .select({ id: i.id, number: i.number, issueDate: i.issueDate })
          .from(i)
          .where(eq(i.id, doc.invoice.creditedInvoiceId))
      : [],
  ];
  return {
    ...invoice,
    remainder,
    payments,
    sdiEvents,
    creditNotes,
    creditedInvoice: credited[0] ?? null,
    daysPastDue: remainder === "0.00" ? 0 : daysPastDue(doc.invoice.dueDate, today),
    dueState: invoiceDueState({ ...doc.invoice, remainder }, today),
    editable: isInvoiceEditable(doc.invoice.status),
    lines,
    vat,
    contract,
    estimate: doc.estimate,
    client,
  };
}
