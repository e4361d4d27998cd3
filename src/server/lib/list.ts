import { asc, desc, type AnyColumn, type SQL } from "drizzle-orm";
import type { FastifyReply } from "fastify";

/** ILIKE pattern for a user's search text, with % and _ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Turns "name" / "-createdAt" into an ORDER BY from a whitelist; unknown keys never reach SQL. */
export function orderBy<K extends string>(sort: string | undefined, columns: Record<K, AnyColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const key = sort.replace(/^-/, "") as K;
  const column = columns[key];
  if (!column) return fallback;
  return [sort.startsWith("-") ? desc(column) : asc(column), ...fallback];
}

/** The sort key the caller asked for ("-clientName" → "clientName"), to decide which joins the page needs. */
export const sortKey = (sort: string | undefined) => sort?.replace(/^-/, "");

/**
 * Runs a list's page and its count side by side and sets X-Total-Count.
 *
 * They are two statements on purpose (docs/benchmarks.md §1): a window count (`count(*) over ()`)
 * makes PostgreSQL build, join and sort every matching row before LIMIT applies, while a page
 * alone can walk the index of its ORDER BY and stop after LIMIT + OFFSET rows, and the count
 * alone needs only the joins of its WHERE. On PostgreSQL the pool runs both at once; PGlite's
 * single connection simply queues them.
 */
export async function sendPage<T>(reply: FastifyReply, page: Promise<T[]>, count: Promise<number>): Promise<T[]> {
  const [rows, total] = await Promise.all([page, count]);
  reply.header("X-Total-Count", String(total));
  return rows;
}
