import fs from "node:fs";

/**
 * How many cases each reliability check tried: appended as JSON lines to RELIABILITY_REPORT
 * (set by scripts/reliability/run.ts, which prints the summary table). No-op otherwise.
 */
export function report(check: string, tried: number, held: string, extra: Record<string, number | string> = {}) {
  const file = process.env.RELIABILITY_REPORT;
  if (!file) return;
  const db = process.env.DATABASE_URL ? "postgresql" : "pglite";
  fs.appendFileSync(file, JSON.stringify({ check, db, tried, held, ...extra }) + "\n");
}

/** Cases per property: small inside `npm test`, 200+ in the full run. */
export const RUNS = Math.max(1, Number(process.env.RELIABILITY_RUNS ?? 10));
/** The full run (scripts/reliability/run.ts) also fuzzes as a portal client, not only as an administrator. */
export const FULL = RUNS >= 100;
/**
 * Inside `npm test` the cases are the same every run (CI stays deterministic); the full run draws
 * new ones each time (fast-check prints the seed of any failure, RELIABILITY_SEED replays it).
 */
export const SEED = process.env.RELIABILITY_SEED ? Number(process.env.RELIABILITY_SEED) : FULL ? undefined : 20_261_122;
