import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { closedLoop, type RunStats } from "./stats";

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** A drizzle logger that records what the app sends to the database while `sink.current` is set. */
export function capturingLogger(sink: { current: CapturedQuery[] | null }) {
  return {
    logQuery(query: string, params: unknown[]) {
      sink.current?.push({ sql: query, params });
    },
  };
}

const txControl = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const isWrite = (q: CapturedQuery) => /^\s*(insert|update|delete)\b/i.test(q.sql) || /\bfor update\b/i.test(q.sql);

let serial = 0;
/**
 * A write replayed again would collide with the row the capture committed (document numbers,
 * session ids are unique): each replay gets its own.
 */
function freshParams(params: unknown[]) {
  serial++;
  return params.map((p) => {
    if (typeof p !== "string") return p;
    if (/^(PRV|CTR|ORD|FAT)-\d{4}-\d+$/.test(p)) return `${p}-B${serial}`;
    if (/^[0-9a-f]{64}$/.test(p)) return randomBytes(32).toString("hex");
    return p;
  });
}

/**
 * The database floor of one API call: the very statements it ran, through the same driver and
 * pool (pg.Pool or the PGlite instance), at the same concurrency, with no HTTP in between.
 * Reads run one after the other as the app runs them; a call that writes is replayed inside a
 * transaction that is rolled back, so the data set stays the same.
 */
export function replayFloor(
  client: pg.Pool | PGlite,
  kind: "postgresql" | "pglite",
  queries: CapturedQuery[],
  concurrency: number,
  seconds: number,
): Promise<RunStats> {
  const statements = queries.filter((q) => !txControl.test(q.sql));
  const writes = statements.some(isWrite);
  let task: () => Promise<unknown>;
  if (kind === "postgresql") {
    const pool = client as pg.Pool;
    task = writes
      ? async () => {
          const c = await pool.connect();
          try {
            await c.query("begin");
            for (const q of statements) await c.query(q.sql, freshParams(q.params));
          } finally {
            await c.query("rollback").catch(() => {});
            c.release();
          }
        }
      : async () => {
          for (const q of statements) await pool.query(q.sql, q.params);
        };
  } else {
    const db = client as PGlite;
    task = writes
      ? () =>
          db.transaction(async (tx) => {
            for (const q of statements) await tx.query(q.sql, freshParams(q.params));
            await tx.rollback();
          })
      : async () => {
          for (const q of statements) await db.query(q.sql, q.params);
        };
  }
  return closedLoop(task, concurrency, seconds);
}
