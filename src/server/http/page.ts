import type { FastifyReply, FastifyRequest } from "fastify";
import { COUNT_CAP, encodeCursor, type Keyset } from "../lib/list";

// The HTTP answer of a list (lib/list.ts builds its SQL): the page as the body, its count and
// cursors in headers.

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

/**
 * Request header of a client that keeps the total of a list's first page while it follows the
 * cursors (lower case, as Node gives request headers).
 */
export const TOTAL_KNOWN_HEADER = "x-total-count-known";

/** A cursor page whose client keeps the first page's total (X-Total-Count-Known): no count is sent. */
export const totalKnown = (request: FastifyRequest, params: { after?: string | undefined; before?: string | undefined }) =>
  Boolean(params.after ?? params.before) && request.headers[TOTAL_KNOWN_HEADER] === "true";

/**
 * sendPage for a keyset list: `page` rows carry `cursor` (cursorSql of the keys), which is taken
 * off the answer and sent as X-Previous-Cursor (first row) and X-Next-Cursor (last row) when a
 * page may exist on that side. X-Total-Count (and -Capped) is sent with every page except a cursor
 * page (`after` / `before`) whose request carries `X-Total-Count-Known: true`: that client shows
 * the total its first page gave, and the count is not run.
 */
export async function sendKeysetPage<T extends { cursor: string }>(
  reply: FastifyReply,
  ks: Keyset,
  params: { after?: string | undefined; before?: string | undefined; offset: number; limit: number },
  page: Promise<T[]>,
  count: Promise<number>,
): Promise<Omit<T, "cursor">[]> {
  // A cursor page whose client says it keeps the first page's total (api.list in the web app) is
  // sent without X-Total-Count, and its count, deferred until awaited, never runs.
  const known = totalKnown(reply.request, params);
  if (known && count instanceof Promise) count.catch(() => {}); // an eager count: no unhandled rejection
  const rows = known ? await page : await sendPage(reply, page, count);
  const full = rows.length >= params.limit;
  const hasNext = ks.backwards ? rows.length > 0 : full;
  const hasPrevious = ks.backwards ? full : Boolean(params.after) || params.offset > 0;
  if (rows.length > 0) {
    if (hasNext) reply.header("X-Next-Cursor", encodeCursor(rows[rows.length - 1]!.cursor));
    if (hasPrevious) reply.header("X-Previous-Cursor", encodeCursor(rows[0]!.cursor));
  }
  return rows.map(({ cursor: _cursor, ...row }) => row);
}
