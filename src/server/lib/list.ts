import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
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

/** Count and page in one round trip: the window count rides on each row. */
export const totalCount = sql<number>`count(*) over()`.mapWith(Number);

/**
 * Sets X-Total-Count and strips the window count from the rows. A page past the end has no
 * row to carry the count, so only then is it asked for separately.
 */
export async function sendPage<T extends { total: number }>(
  reply: FastifyReply,
  rows: T[],
  offset: number,
  count: () => Promise<number>,
): Promise<Omit<T, "total">[]> {
  const total = rows[0]?.total ?? (offset > 0 ? await count() : 0);
  reply.header("X-Total-Count", String(total));
  return rows.map(({ total: _t, ...row }) => row);
}
