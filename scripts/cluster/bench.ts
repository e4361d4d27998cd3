import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { openPostgres } from "../../src/server/db/client";
import { clients } from "../../src/server/db/schema";
import { httpLoad } from "../bench/http-load";
import type { RunStats } from "../bench/stats";
import { ADMIN, sleep } from "../reliability/lib";
import { missingPrerequisite, startCluster } from "./lib";

// npm run bench:cluster: throughput through HAProxy with 1 instance and with 3, at 32
// connections, on one PostgreSQL; the figures go into docs/benchmarks.md ("Cluster" section).
// Not part of `npm test`: run it on a quiet machine (the load average is recorded).

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 5210);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 32;

const missing = await missingPrerequisite();
if (missing) {
  console.log(`bench:cluster saltato: ${missing}.`);
  process.exit(0);
}

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const scenarios = [
  { name: "client list (GET /api/clients?limit=20)", path: "/api/clients?limit=20" },
  { name: "client search (GET /api/clients?q=Rossi)", path: "/api/clients?q=Rossi" },
  { name: "dashboard (GET /api/dashboard)", path: "/api/dashboard" },
];

interface Row {
  instances: number;
  scenario: string;
  stats: RunStats;
  loadBefore: string;
}
const rows: Row[] = [];
const startLoad = loadavg();

for (const count of [1, 3]) {
  const cluster = await startCluster({ count, basePort: BASE_PORT, dbName: `colmo_cluster_b${process.pid}_${count}` });
  try {
    const pgdb = await openPostgres(cluster.dbUrl, { migrate: false, poolSize: 2 });
    const surnames = ["Rossi", "Bianchi", "Verdi", "Neri", "Russo", "Ferrari", "Esposito", "Romano"];
    const values = Array.from({ length: 5000 }, (_, i) => ({
      name: `${surnames[i % surnames.length]} ${i}`,
      type: "privato" as const,
      address: `Via Banco ${i}`,
      city: "Forlì",
    }));
    for (let i = 0; i < values.length; i += 1000) await pgdb.db.insert(clients).values(values.slice(i, i + 1000));
    await pgdb.close();
    const login = await fetch(`${cluster.proxy}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.proxy },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const s of scenarios) {
      // Warm-up (JIT, pools), then the measured run.
      await httpLoad(cluster.proxy, { method: "GET", path: s.path, headers: { cookie } }, CONNECTIONS, 3);
      await sleep(500);
      const loadBefore = loadavg();
      const stats = await httpLoad(
        cluster.proxy,
        { method: "GET", path: s.path, headers: { cookie } },
        CONNECTIONS,
        SECONDS,
      );
      rows.push({ instances: count, scenario: s.name, stats, loadBefore });
      console.log(
        `${count} istanza/e, ${s.name}: ${stats.rps.toFixed(0)} req/s, p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, ${stats.count} campioni, errori ${stats.errors} (load ${loadBefore})`,
      );
    }
  } finally {
    await cluster.stop();
  }
}

const endLoad = loadavg();
const commit = (() => {
  try {
    return `commit ${execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()}`;
  } catch {
    return "commit ?";
  }
})();
const table = [
  "| Scenario | Instances | req/s | p50 ms | p99 ms | Samples | Errors | Load avg before the run (1/5/15 min) |",
  "|---|---:|---:|---:|---:|---:|---:|---|",
  ...rows.map(
    (r) =>
      `| ${r.scenario} | ${r.instances} | ${r.stats.rps.toFixed(0)} | ${r.stats.p50.toFixed(1)} | ${r.stats.p99.toFixed(1)} | ${r.stats.count} | ${r.stats.errors} | ${r.loadBefore} |`,
  ),
];
const ratios = scenarios.map((s) => {
  const one = rows.find((r) => r.instances === 1 && r.scenario === s.name)!.stats.rps;
  const three = rows.find((r) => r.instances === 3 && r.scenario === s.name)!.stats.rps;
  return `- ${s.name}: 3 instances / 1 instance = ${(three / one).toFixed(2)}×`;
});
const section = [
  "<!-- cluster:start -->",
  "## Cluster: 3 instances vs 1 behind HAProxy (`npm run bench:cluster`)",
  "",
  `Run of ${new Date().toISOString()} (${commit}); ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GB; PostgreSQL on the same machine; ${CONNECTIONS} connections through HAProxy ` +
    `(deploy/haproxy.cfg, leastconn), ${SECONDS} s per run after 3 s of warm-up; 5,000 clients; DATABASE_POOL_SIZE=8 per instance. ` +
    `Load average at start ${startLoad}, at end ${endLoad}.`,
  "",
  ...table,
  "",
  ...ratios,
  "",
  "On one machine the instances share its cores with PostgreSQL and HAProxy: the ratio says how much a single " +
    "Node process's event loop was the bottleneck, not what separate machines would give. A load average above the " +
    "core count before a run means other work shared the CPU and the figures are lower bounds.",
  "<!-- cluster:end -->",
].join("\n");
const file = "docs/benchmarks.md";
const doc = fs.readFileSync(file, "utf8");
const next = /<!-- cluster:start -->[\s\S]*<!-- cluster:end -->/.test(doc)
  ? doc.replace(/<!-- cluster:start -->[\s\S]*<!-- cluster:end -->/, section)
  : doc.replace(/\n## Targets/, `\n${section}\n\n## Targets`);
fs.writeFileSync(file, next);
console.log(`\nScritto in ${file}.`);
