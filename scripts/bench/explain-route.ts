// EXPLAIN ANALYZE of every statement one API call sends, on a loaded data set: the app answers the
// call once in-process (as the administrator) while a drizzle logger records its SQL, then each
// read is explained EXPLAIN_RUNS times (default 5) and its median printed (execution, and planning beside it). Writes are listed, not
// run again. The way to find where a slow call spends its database time.
//
//   npx tsx scripts/bench/explain-route.ts /api/dashboard [/api/estimates/<id> …]
//   EXPLAIN_DATABASE_URL=postgres://…  (default: the bench's scale-500 database colmo_bench)
//   PLANS=1 prints each plan once.
import os from "node:os";
import { sql } from "drizzle-orm";
import { openPostgres } from "../../src/server/db/client";
import { capturingLogger, type CapturedQuery } from "./db-floor";
import { appAsAdmin } from "./in-process";

const urls = process.argv.slice(2);
if (!urls.length) throw new Error("usage: explain-route.ts <url> [<url> …]");
const runs = Number(process.env.EXPLAIN_RUNS ?? 5);
const sink: { current: CapturedQuery[] | null } = { current: null };
const database = await openPostgres(
  process.env.EXPLAIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/colmo_bench",
  {
    logger: capturingLogger(sink),
  },
);
const { app, cookie } = await appAsAdmin(database);

const literal = (v: unknown) =>
  v === null ? "null" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const inline = (q: string, p: unknown[]) => q.replace(/\$(\d+)\b/g, (_m, n: string) => literal(p[Number(n) - 1]));
const isRead = (q: string) => /^\s*(select|with)\b/i.test(q) && !/\bfor update\b/i.test(q);

console.log(
  `${runs} runs each; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")}`,
);
for (const url of urls) {
  sink.current = [];
  const res = await app.inject({ method: "GET", url, headers: { cookie } });
  const sent = sink.current;
  sink.current = null;
  console.log(`\n${url}: ${res.statusCode}, ${res.body.length} bytes, ${sent.length} statements`);
  let sum = 0;
  let planSum = 0;
  for (const s of sent) {
    const head = s.sql.replace(/\s+/g, " ").slice(0, 110);
    if (!isRead(s.sql)) {
      console.log(`  (not run)  ${head}`);
      continue;
    }
    const times: number[] = [];
    const planning: number[] = [];
    let plan = "";
    for (let i = 0; i < runs; i++) {
      const out = (await database.db.execute(
        sql.raw(`explain (analyze, buffers) ${inline(s.sql, s.params)}`),
      )) as unknown as { rows: Record<string, string>[] };
      const lines = out.rows.map((r) => r["QUERY PLAN"]!);
      times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))![1]));
      planning.push(Number(/Planning Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? 0));
      if (i === 0) plan = lines.join("\n");
    }
    times.sort((a, b) => a - b);
    planning.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const planned = planning[Math.floor(planning.length / 2)]!;
    sum += median;
    planSum += planned;
    console.log(`  ${median.toFixed(2).padStart(8)} ms  (planning ${planned.toFixed(2)} ms)  ${head}`);
    if (process.env.PLANS) console.log(plan.replace(/^/gm, "      "));
  }
  console.log(`  ${sum.toFixed(2).padStart(8)} ms  sum of the medians (planning ${planSum.toFixed(2)} ms)`);
}
await app.close();
await database.close();
