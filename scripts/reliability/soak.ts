import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { assert, dropPgDatabase, freshPgDatabase, killHard, login, report, sleep, startServer, type ApiClient } from "./lib";

// Mixed traffic (80 % reads, 20 % writes) at 32 connections on PostgreSQL for SOAK_SECONDS
// (300 by default): no unexpected errors, resident memory flat after warm-up (growth < 10 %),
// no leaked database connections.

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = 32;
const PORT = Number(process.env.RELIABILITY_PORT ?? 5188) + 103;
// The instance holds at most its requests' pool plus the background jobs' own pool (docs/deploy.md).
const REQUEST_POOL = 20;
const JOBS_POOL = 2;
const POOL_MAX = REQUEST_POOL + JOBS_POOL;

if (!process.env.DATABASE_URL) {
  console.log("DATABASE_URL non impostata: prova di durata saltata.");
  process.exit(0);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) / 1024;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const dataDir = path.resolve(".tmp/reliability-soak");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const DB = "colmo_rel_soak";
const url = (await freshPgDatabase(DB))!;
const server = await startServer({ port: PORT, env: {
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: "warn",
    DATABASE_POOL_SIZE: String(REQUEST_POOL),
    JOBS_POOL_SIZE: String(JOBS_POOL),
  }, log: path.join(dataDir, "server.log") });
const apis: ApiClient[] = [];
for (let i = 0; i < 4; i++) apis.push(await login(server.base));

const client = await apis[0]!.call("POST", "/api/clients", { name: "Cliente Durata", type: "azienda", address: "Via Durata 1", email: "durata@example.it" });
const clientId = String(client.json.id);
const estimate = await apis[0]!.call("POST", "/api/estimates", {
  clientId,
  title: "Preventivo di prova",
  description: "Durata",
  items: [{ description: "Tegole", quantity: "10", unitPrice: "12.50", unit: "mq" }],
});
const estimateId = String(estimate.json.id);

const reads = [
  "/api/clients?limit=20",
  "/api/clients?q=Durata",
  "/api/estimates?limit=20",
  `/api/estimates/${estimateId}`,
  `/api/estimate-items?estimateId=${estimateId}`,
  "/api/invoices?limit=20",
  "/api/dashboard",
  "/api/notifications",
  "/api/auth/me",
];
const counts = { requests: 0, writes: 0, unexpected: 0 };
const unexpected = new Map<string, number>();
const stop = { now: false };

async function loop(c: number) {
  const api = apis[c % apis.length]!;
  for (let i = 0; !stop.now; i++) {
    const write = Math.random() < 0.2;
    const r = !write
      ? await api.call("GET", reads[(c + i) % reads.length]!)
      : i % 2
        ? await api.call("POST", "/api/clients", { name: `Durata ${c}-${i}`, type: "privato", address: "Via Prova 2" })
        : await api.call("POST", "/api/estimates", {
            clientId,
            title: `Durata ${c}-${i}`,
            description: "Carico misto",
            items: [
              { description: "Tegole", quantity: "3", unitPrice: "10.00", unit: "mq" },
              { description: "Ponteggio", quantity: "1", unitPrice: "100.00", unit: "pz" },
            ],
          });
    counts.requests++;
    if (write) counts.writes++;
    const ok = write ? r.status === 201 : r.status === 200;
    if (!ok) {
      counts.unexpected++;
      const key = `${r.status} ${r.text.slice(0, 120)}`;
      unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
    }
  }
}

async function connections() {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query<{ state: string | null; n: number }>(
    "select state, count(*)::int as n from pg_stat_activity where datname = $1 group by state",
    [DB],
  );
  await admin.end();
  return Object.fromEntries(rows.map((r) => [r.state ?? "null", r.n])) as Record<string, number>;
}

const started = Date.now();
const loops = Array.from({ length: CONNECTIONS }, (_, c) => loop(c));
const samples: { t: number; rss: number }[] = [];
let peakConnections = 0;
while (Date.now() - started < SECONDS * 1000) {
  await sleep(5000);
  samples.push({ t: (Date.now() - started) / 1000, rss: rssMb(server.pid) });
  const conn = await connections();
  peakConnections = Math.max(peakConnections, Object.values(conn).reduce((a, b) => a + b, 0));
}
stop.now = true;
await Promise.all(loops);
await sleep(1500);
const after = await connections();
const alive = server.child.exitCode === null;
await killHard(server);
await dropPgDatabase(DB);

// Warm-up: the first fifth of the run (JIT, pools, caches fill up).
const warm = samples.filter((s) => s.t > SECONDS / 5);
const firstWindow = median(warm.slice(0, Math.max(1, Math.floor(warm.length / 4))).map((s) => s.rss));
const lastWindow = median(warm.slice(-Math.max(1, Math.floor(warm.length / 4))).map((s) => s.rss));
const growth = firstWindow ? ((lastWindow - firstWindow) / firstWindow) * 100 : 0;
const rps = counts.requests / SECONDS;
console.log(
  `  ${counts.requests} richieste (${counts.writes} scritture) in ${SECONDS} s, ${rps.toFixed(0)} req/s; RSS dopo riscaldamento ${firstWindow.toFixed(0)} → ${lastWindow.toFixed(0)} MB (${growth.toFixed(1)} %); connessioni: picco ${peakConnections}, a riposo ${JSON.stringify(after)}`,
);
assert(alive, "the server died during the soak");
assert(counts.unexpected === 0, `unexpected answers: ${[...unexpected].map(([k, n]) => `${n}× ${k}`).join("; ")}`);
assert(growth < 10, `RSS grew ${growth.toFixed(1)} % after warm-up`);
assert(peakConnections <= POOL_MAX, `${peakConnections} connections (pools ${REQUEST_POOL} + ${JOBS_POOL} for the jobs)`);
assert(!after["idle in transaction"] && !after["active"], `connections left busy after the traffic: ${JSON.stringify(after)}`);
report("durata: traffico misto 80/20 a 32 connessioni", "postgresql", counts.requests, "0 errori inattesi, RSS stabile, nessuna connessione persa", {
  seconds: SECONDS,
  reqPerSec: Math.round(rps),
  rssGrowthPct: Number(growth.toFixed(1)),
  peakConnections,
});
