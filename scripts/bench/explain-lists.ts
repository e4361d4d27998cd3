// EXPLAIN ANALYZE of a few lists' first page and a deep page, on a loaded PostgreSQL data set
// (load one with `BENCH_LOAD_ONLY=1 BENCH_ONLY=postgresql BENCH_SCALE=100 npm run bench`).
// Each list function runs as its route calls it; the statement it sent is captured through the
// drizzle logger and explained EXPLAIN_RUNS times; the median execution time is printed with the
// plan's scans. A deep page is read by cursor where the list hands one out (the cursor of the row
// before the deep offset), by OFFSET otherwise — so the same script measures before and after.
//
//   EXPLAIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/colmo_bench_s100),
//   EXPLAIN_RUNS (default 7), EXPLAIN_MIGRATE=0 to leave the schema as it is.
import { sql } from "drizzle-orm";
import { openPostgres } from "../../src/server/db/client";
import { listContacts } from "../../src/server/modules/contacts/queries";
import { listAllOrderItems, listOrders } from "../../src/server/modules/orders/queries";
import { listSurveys } from "../../src/server/modules/surveys/queries";

const url = process.env.EXPLAIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/colmo_bench_s100";
const runs = Number(process.env.EXPLAIN_RUNS ?? 7);
const statements: { query: string; params: unknown[] }[] = [];
const database = await openPostgres(url, {
  migrate: process.env.EXPLAIN_MIGRATE !== "0",
  logger: { logQuery: (query, params) => void statements.push({ query, params }) },
});
const db = database.db;

type Run = (p: { limit: number; offset: number; after?: string }) => Promise<unknown[]>;
const lists: { name: string; deep: number; run: Run }[] = [
  { name: "contacts", deep: 6000, run: (p) => listContacts(db, p) },
  { name: "surveys", deep: 10000, run: (p) => listSurveys(db, p, null) },
  { name: "orders", deep: 5000, run: (p) => listOrders(db, p as never) },
  { name: "order items", deep: 35000, run: (p) => listAllOrderItems(db, p) as Promise<unknown[]> },
];

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
const scans = (n: PlanNode): string[] => [
  ...(n["Node Type"].includes("Scan") || n["Node Type"].includes("Sort")
    ? [
        `${n["Node Type"]}${n["Index Name"] ? ` ${n["Index Name"]}` : n["Relation Name"] ? ` ${n["Relation Name"]}` : ""}`,
      ]
    : []),
  ...(n.Plans ?? []).flatMap(scans),
];
const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

async function explain(run: () => Promise<unknown>) {
  statements.length = 0;
  await run();
  const { query, params } = statements[statements.length - 1]!;
  const text = query.replace(/\$(\d+)\b/g, (_m, n: string) => literal(params[Number(n) - 1]));
  const times: number[] = [];
  let plan: PlanNode | undefined;
  for (let i = 0; i < runs; i++) {
    const res = (await db.execute(sql.raw(`explain (analyze, format json) ${text}`))) as unknown as {
      rows: { "QUERY PLAN": { Plan: PlanNode; "Execution Time": number }[] }[];
    };
    const [out] = res.rows[0]!["QUERY PLAN"];
    times.push(out!["Execution Time"]);
    plan = out!.Plan;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, scans: [...new Set(scans(plan!))].join(", ") };
}

for (const list of lists) {
  const first = await explain(() => list.run({ limit: 25, offset: 0 }));
  // The row before the deep page: its cursor, when the list sends one.
  const before = (await list.run({ limit: 1, offset: list.deep - 1 })) as { cursor?: string }[];
  const cursor = before[0]?.cursor ? Buffer.from(before[0].cursor, "utf8").toString("base64url") : undefined;
  const deep = await explain(() =>
    list.run(cursor ? { limit: 25, offset: 0, after: cursor } : { limit: 25, offset: list.deep }),
  );
  console.log(`${list.name} page 1: ${first.median.toFixed(2)} ms (${first.scans})`);
  console.log(
    `${list.name} row ${list.deep} ${cursor ? "by cursor" : "by OFFSET"}: ${deep.median.toFixed(2)} ms (${deep.scans})`,
  );
}
await database.close();
