import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { outbox } from "../../db/schema";
import { countCapped, countedRow, cursorSql, keyset, likePattern, sortKeys, type Keyset } from "../../lib/list";

interface ListParams {
  /** Messages carrying a one-time link exist only for administrators (docs/domain/roles.md). */
  withRestricted: boolean;
  q?: string | undefined;
  sort?: string | undefined;
  limit: number;
  offset: number;
  after?: string | undefined;
  before?: string | undefined;
}

type Row = typeof outbox.$inferSelect;

const visible = (withRestricted: boolean) => (withRestricted ? undefined : eq(outbox.restricted, false));

const listWhere = (params: ListParams): SQL | undefined => {
  if (!params.q) return visible(params.withRestricted);
  const p = likePattern(params.q);
  return and(visible(params.withRestricted), or(ilike(outbox.to, p), ilike(outbox.subject, p)));
};

/** What the screens show: a status instead of the raw columns, attachments without storage keys. */
export function toMessage(
  row: Omit<Row, "text" | "attempts" | "nextAttemptAt" | "restricted" | "secretLink"> & { text?: string },
) {
  const status = row.sentAt ? "sent" : row.error ? "failed" : "stored";
  return {
    id: row.id,
    createdAt: row.createdAt,
    to: row.to,
    subject: row.subject,
    status: status as "sent" | "stored" | "failed",
    sentAt: row.sentAt,
    error: row.error,
    attachments: (row.attachments ?? []).map((a, index) => ({ index, fileName: a.fileName, mimeType: a.mimeType })),
    ...(row.text !== undefined ? { text: row.text } : {}),
  };
}

/** By cursor or by offset: newest first (outbox_list_idx), or a sort then the id (migration 0017). */
export const outboxKeyset = (params: ListParams) =>
  keyset(
    params,
    sortKeys(
      params.sort,
      { createdAt: outbox.createdAt, to: sql`lower(${outbox.to})`, subject: sql`lower(${outbox.subject})` },
      [
        { expr: outbox.createdAt, desc: true },
        { expr: outbox.id, desc: true },
      ],
      outbox.id,
    ),
  );

export async function listOutboxMessages(db: Queryable, params: ListParams, ks: Keyset = outboxKeyset(params)) {
  const rows = await db
    .select({
      id: outbox.id,
      createdAt: outbox.createdAt,
      to: outbox.to,
      subject: outbox.subject,
      attachments: outbox.attachments,
      sentAt: outbox.sentAt,
      error: outbox.error,
      cursor: cursorSql(ks.keys),
    })
    .from(outbox)
    .where(and(listWhere(params), ks.where))
    .orderBy(...ks.pageOrder)
    .limit(params.limit)
    .offset(ks.offset);
  // Read backwards from a `before` cursor: put the page back in the list's order.
  const ordered = ks.backwards ? rows.reverse() : rows;
  return ordered.map((row) => ({ ...toMessage(row), cursor: row.cursor }));
}

export function countOutboxMessages(db: Queryable, params: ListParams) {
  return countCapped(db, db.select(countedRow).from(outbox).where(listWhere(params)).$dynamic());
}

export async function findOutboxMessage(db: Queryable, id: string, withRestricted: boolean) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), visible(withRestricted)));
  return row ?? null;
}
