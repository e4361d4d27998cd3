// EXPLAIN ANALYZE of every statement the Scadenze list (by OFFSET and by keyset cursor), the
// dashboard card's summary and the bell / daily mail send, on a loaded data set; median of
// EXPLAIN_RUNS (default 5), with the rows the statements returned. The figures of
// docs/decisions/015-deadlines-speed.md come from this script.
//
//   EXPLAIN_DATABASE_URL=postgres://…  (or PGLITE_DIR=… for an embedded data folder)
//   BEFORE=1  measures the old on-the-fly derivation (derivedComplianceRows) instead of the
//             maintained compliance_requirements table; PLANS=1 prints each plan once.
// Data sets: `BENCH_LOAD_ONLY=1 BENCH_ONLY=postgresql BENCH_SCALE=100 BENCH_DATABASE_URL=… npm run bench`.
import { sql } from "drizzle-orm";
import { openPglite, openPostgres } from "../../src/server/db/client";
import { todayIso } from "../../src/domain/dates";
import { attentionRows, complianceSummary } from "../../src/server/modules/compliance/daily";
import { complianceRows, derivedComplianceRows, listCompliance } from "../../src/server/modules/compliance/queries";

type Rows = { rows: Record<string, unknown>[] };
const runs = Number(process.env.EXPLAIN_RUNS ?? 5);
const statements: { query: string; params: unknown[] }[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => void statements.push({ query, params }) };
const database = process.env.PGLITE_DIR
  ? await openPglite(process.env.PGLITE_DIR, { logger })
  : await openPostgres(process.env.EXPLAIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/colmo_bench_s100", {
      logger,
    });
const db = database.db;
const execute = async (query: ReturnType<typeof sql.raw>) => (await db.execute(query)) as unknown as Rows;

const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const inline = (q: string, p: unknown[]) => q.replace(/\$(\d+)\b/g, (_m, n: string) => literal(p[Number(n) - 1]));
const today = todayIso();
const supplier = (await execute(sql.raw("select id from suppliers where is_subcontractor order by name limit 1")))
  .rows[0]?.id;
const rowsOf = process.env.BEFORE ? derivedComplianceRows : complianceRows;
type Filters = Parameters<typeof complianceRows>[1];
const list = (q: Partial<Filters>) => () =>
  rowsOf(db, { limit: 25, offset: 0, excludeCompleted: true, ...q } as Filters, today);
/** The cursor a screen holds after reading row `n` (0-based) of a filter: X-Next-Cursor of the page ending there. */
const cursorAt = async (n: number, q: Record<string, unknown>) => {
  const [row] = (await listCompliance(db, { limit: 1, offset: n, ...q } as Parameters<typeof listCompliance>[1], today))
    .rows;
  return Buffer.from(row!.cursor, "utf8").toString("base64url");
};
const keysetCases: [string, () => Promise<unknown>][] = process.env.BEFORE
  ? []
  : [
      [
        "page 50 by cursor (all, after row 1225)",
        list({ excludeCompleted: false, after: await cursorAt(25 * 49 - 1, { sites: "all" }) } as Partial<Filters>),
      ],
      [
        "deep page by cursor (all, after row 5000)",
        list({ excludeCompleted: false, after: await cursorAt(4999, { sites: "all" }) } as Partial<Filters>),
      ],
      [
        "deep page backwards by cursor (all, before row 5000)",
        list({ excludeCompleted: false, before: await cursorAt(5000, { sites: "all" }) } as Partial<Filters>),
      ],
    ];
const cases: [string, () => Promise<unknown>][] = [
  ["first page", list({})],
  ["with completed", list({ excludeCompleted: false })],
  ["state scaduto", list({ state: "scaduto" } as Partial<Filters>)],
  ["state mancante", list({ state: "mancante" } as Partial<Filters>)],
  ["kind durc", list({ kind: "durc" } as Partial<Filters>)],
  ["supplier", list({ supplierId: supplier } as Partial<Filters>)],
  ["page 50 (all, offset 1225)", list({ excludeCompleted: false, offset: 25 * 49 })],
  ["deep page (all, offset 5000)", list({ excludeCompleted: false, offset: 5000 })],
  ...keysetCases,
  [
    "summary (dashboard card)",
    process.env.BEFORE
      ? async () => {
          await rowsOf(db, { excludeCompleted: true, states: ["in_scadenza"] } as Filters, today);
          await rowsOf(
            db,
            { siteStatuses: ["in_corso"], requiredOnly: true, states: ["mancante", "scaduto"] } as Filters,
            today,
          );
        }
      : () => complianceSummary(db, today),
  ],
  ["bell and mail (every attention row)", () => attentionRows(db, today)],
];
const load = (await import("node:os"))
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" / ");
console.log(`${process.env.BEFORE ? "before (derived)" : "after (maintained)"}; ${runs} runs each; load ${load}`);
for (const [name, run] of cases) {
  statements.length = 0;
  await run();
  const sent = [...statements];
  const times: number[] = [];
  let plan = "";
  for (let i = 0; i < runs; i++) {
    let total = 0;
    for (const s of sent) {
      const lines = (await execute(sql.raw(`explain (analyze, buffers) ${inline(s.query, s.params)}`))).rows.map(
        (x) => x["QUERY PLAN"] as string,
      );
      total += Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))![1]);
      if (i === 0 && process.env.PLANS) plan += lines.join("\n") + "\n";
    }
    times.push(total);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  // The call itself, from Node: statements, rows sent over and parsed (what the server pays).
  const walls: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
  }
  walls.sort((a, b) => a - b);
  console.log(
    `${name}: ${sent.length} statements, median ${median.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times.at(-1)!.toFixed(1)}); the call from Node ${walls[Math.floor(walls.length / 2)]!.toFixed(1)} ms`,
  );
  if (plan) console.log(plan);
}
await database.close();
