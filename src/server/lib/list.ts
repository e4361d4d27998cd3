import { asc, count, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import type { Queryable } from "../db/client";

/** ILIKE pattern for a user's search text, with % and _ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Turns "name" / "-createdAt" into an ORDER BY from a whitelist; unknown keys never reach SQL. */
export function orderBy<K extends string>(
  sort: string | undefined,
  columns: Record<K, AnyColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback;
  const key = sort.replace(/^-/, "") as K;
  const column = columns[key];
  if (!column) return fallback;
  return [sort.startsWith("-") ? desc(column) : asc(column), ...fallback];
}

/** The sort key the caller asked for ("-clientName" → "clientName"), to decide which joins the page needs. */
export const sortKey = (sort: string | undefined) => sort?.replace(/^-/, "");

/**
 * Counts stop here: beyond it a list says "oltre 10.000" instead of the exact figure. An exact
 * `count(*)` over 100k–180k rows was most of what a list page cost at ten years of data, and no
 * screen needs to know whether there are 48,213 or 48,214 invoices.
 */
export const COUNT_CAP = 10_000;

/** The select list of a count's inner query: one constant per matching row, nothing read. */
export const countedRow = { one: sql<number>`1`.as("one") };

/**
 * `select count(*) from (<the list's FROM and WHERE> limit COUNT_CAP + 1)`: the scan stops after
 * COUNT_CAP + 1 matching rows, so a count costs at most that whatever the table's size. A result
 * above COUNT_CAP means "more than COUNT_CAP" (sendPage says so in a header).
 */
export async function countCapped(db: Queryable, matching: PgSelect): Promise<number> {
  const [row] = await db.select({ n: count() }).from(matching.limit(COUNT_CAP + 1).as("matching"));
  return row?.n ?? 0;
}

/**
 * Runs a list's page and its count side by side and sets X-Total-Count; a count past COUNT_CAP
 * is sent as COUNT_CAP with `X-Total-Count-Capped: true` (the screens then read "oltre 10.000").
 *
 * They are two statements on purpose (docs/benchmarks.md §1): a window count (`count(*) over ()`)
 * makes PostgreSQL build, join and sort every matching row before LIMIT applies, while a page
 * alone can walk the index of its ORDER BY and stop after LIMIT + OFFSET rows, and the count
 * alone needs only the joins of its WHERE. On PostgreSQL the pool runs both at once; PGlite's
 * single connection simply queues them.
 */
export async function sendPage<T>(reply: FastifyReply, page: Promise<T[]>, count: Promise<number>): Promise<T[]> {
  const [rows, total] = await Promise.all([page, count]);
  reply.header("X-Total-Count", String(Math.min(total, COUNT_CAP)));
  if (total > COUNT_CAP) reply.header("X-Total-Count-Capped", "true");
  return rows;
}
