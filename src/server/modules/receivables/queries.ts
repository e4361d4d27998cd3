import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { agingBuckets, type AgingBucket, type receivablesQuerySchema } from "@domain/payments";
import { sumMoney } from "@domain/money";
import type { z } from "@domain/zod";
import type { Queryable } from "../../db/client";
import { clients, contracts, estimates, invoices as i } from "../../db/schema";
import { remainderSql } from "../invoices/queries";

// The scadenzario (docs/domain/invoices.md): issued invoices with something left to collect,
// aged by days past due, computed in SQL. The WHERE is the partial index invoices_open_due_idx
// (status 'inviata', not a credit note, by due date): on ten years of invoices it reads only the
// open ones, which stay a few hundred whatever the history.

type Params = Omit<z.output<typeof receivablesQuerySchema>, "limit" | "offset" | "q"> & { q?: string | undefined };

/**
 * Today as a literal, not a parameter: the bucket expression is selected AND grouped by, and
 * PostgreSQL matches the two only when they are the same text (two $n would differ). The value
 * is todayIso()'s, checked to be a date before it is written.
 */
function dayLiteral(today: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`Data non valida: ${today}`);
  return sql.raw(`date '${today}'`);
}
const days = (today: string) => sql<number>`greatest(${dayLiteral(today)} - ${i.dueDate}, 0)`.mapWith(Number);
const bucketSql = (today: string) => {
  const d = dayLiteral(today);
  return sql<AgingBucket>`case
  when ${i.dueDate} >= ${d} then 'non_scaduto'
  when ${d} - ${i.dueDate} <= 30 then '1_30'
  when ${d} - ${i.dueDate} <= 60 then '31_60'
  when ${d} - ${i.dueDate} <= 90 then '61_90'
  else 'oltre_90' end`;
};

function where(params: Params): SQL {
  return and(
    eq(i.status, "inviata"),
    sql`${i.kind} <> 'nota_credito'`,
    sql`${remainderSql} > 0`,
    params.clientId ? eq(estimates.clientId, params.clientId) : undefined,
    params.from ? gte(i.dueDate, params.from) : undefined,
    params.to ? lte(i.dueDate, params.to) : undefined,
  )!;
}

function base<T extends Record<string, unknown>>(db: Queryable, columns: T) {
  return db
    .select(columns as never)
    .from(i)
    .innerJoin(contracts, eq(contracts.id, i.contractId))
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .innerJoin(clients, eq(clients.id, estimates.clientId))
    .$dynamic();
}

export async function listReceivables(db: Queryable, params: Params, limit: number, offset: number, today: string) {
  // Most overdue first (the default); "daysPastDue" ascending puts the ones not yet due first.
  const order = params.sort === "daysPastDue" ? [desc(i.dueDate), desc(i.id)] : [asc(i.dueDate), asc(i.id)];
  const rows = await base(db, {
    id: i.id,
    number: sql<string>`${i.number}`,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    clientId: clients.id,
    clientName: clients.name,
    totalAmount: i.totalAmount,
    paidAmount: sql<string>`(${i.paidAmount} + ${i.creditedAmount})::numeric(14,2)::text`,
    remainder: sql<string>`${remainderSql}::numeric(14,2)::text`,
    daysPastDue: days(today),
    bucket: bucketSql(today),
    remindersSent: i.remindersSent,
  })
    .where(where(params))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows as unknown as {
    id: string;
    number: string;
    issueDate: string;
    dueDate: string;
    clientId: string;
    clientName: string;
    totalAmount: string;
    paidAmount: string;
    remainder: string;
    daysPastDue: number;
    bucket: AgingBucket;
    remindersSent: number;
  }[];
}

/** Count and amount per bucket, and in all, over every matching invoice (not only the page). */
export async function receivableTotals(db: Queryable, params: Params, today: string) {
  const bucket = bucketSql(today);
  const rows = (await base(db, {
    bucket,
    count: sql<number>`count(*)`.mapWith(Number),
    amount: sql<string>`sum(${remainderSql})::numeric(14,2)::text`,
  })
    .where(where(params))
    .groupBy(bucket)) as unknown as { bucket: AgingBucket; count: number; amount: string }[];
  const found = new Map(rows.map((r) => [r.bucket, r]));
  const buckets = agingBuckets.map((b) => ({
    bucket: b,
    count: found.get(b)?.count ?? 0,
    amount: found.get(b)?.amount ?? "0.00",
  }));
  return { buckets, total: rows.reduce((n, r) => n + r.count, 0), totalAmount: sumMoney(rows.map((r) => r.amount)) };
}
