import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import path from "node:path";
import { assert, dropPgDatabase, freshPgDatabase, killHard, login, report, sleep, startServer } from "./lib";

// Restart the local PostgreSQL while the app serves reads and writes: requests fail fast with
// 503 and an Italian message, the process stays up, and service comes back by itself within 5 s.

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const PORT = Number(process.env.RELIABILITY_PORT ?? 5188) + 102;
const UNAVAILABLE = "Database temporaneamente non disponibile. Riprova tra poco.";

if (!process.env.DATABASE_URL) {
  console.log("DATABASE_URL non impostata: guasti del database saltati.");
  process.exit(0);
}

const cluster = fs.readdirSync("/etc/postgresql")[0];
// Asynchronous: the traffic loops keep running while PostgreSQL goes down and comes back.
const restartPostgres = () => promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", cluster!, "main", "restart"]);

const dataDir = path.resolve(".tmp/reliability-faults");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const url = await freshPgDatabase("colmo_rel_faults");
const server = await startServer({ port: PORT, env: { DATA_DIR: dataDir, DATABASE_URL: url! }, log: path.join(dataDir, "server.log") });
const api = await login(server.base);

interface Sample {
  at: number;
  status: number;
  ms: number;
  message?: string;
}
let requests = 0;
let worst = 0;
let maxRecovery = 0;
const unexpected: string[] = [];

for (let round = 1; round <= ROUNDS; round++) {
  const samples: Sample[] = [];
  const stop = { now: false };
  const loop = async (w: number) => {
    for (let i = 0; !stop.now; i++) {
      const started = Date.now();
      const write = i % 5 === 0;
      const r = write
        ? await api.call("POST", "/api/clients", { name: `Guasto ${round}-${w}-${i}`, type: "privato", address: "Via Guasto 1" })
        : await api.call("GET", "/api/clients?limit=20");
      samples.push({ at: started, status: r.status, ms: Date.now() - started, message: (r.json as { message?: string } | null)?.message });
      await sleep(20);
    }
  };
  const loops = Array.from({ length: 8 }, (_, w) => loop(w));
  await sleep(1500);
  const restartAt = Date.now();
  await restartPostgres();
  const backAt = Date.now();
  // Service must come back by itself: poll until a request succeeds.
  let recoveredAt = 0;
  while (!recoveredAt && Date.now() - backAt < 30_000) {
    const r = await api.call("GET", "/api/clients?limit=1");
    if (r.status === 200) recoveredAt = Date.now();
    else await sleep(100);
  }
  await sleep(2000);
  stop.now = true;
  await Promise.all(loops);

  assert(server.child.exitCode === null, "the server process died during the database restart");
  const recovery = recoveredAt - backAt;
  maxRecovery = Math.max(maxRecovery, recovery);
  for (const s of samples) {
    requests++;
    worst = Math.max(worst, s.ms);
    if (s.status === 200 || s.status === 201) continue;
    if (s.status === 503 && s.message === UNAVAILABLE) continue;
    unexpected.push(`${s.status} ${s.message ?? ""}`);
  }
  const failed = samples.filter((s) => s.status === 503).length;
  console.log(
    `  riavvio ${round}: PostgreSQL giù per ${backAt - restartAt} ms, ${samples.length} richieste, ${failed} risposte 503, servizio tornato in ${recovery} ms`,
  );
}

await killHard(server);
await dropPgDatabase("colmo_rel_faults");
assert(unexpected.length === 0, `unexpected answers during the restarts: ${[...new Set(unexpected)].join("; ")}`);
assert(maxRecovery >= 0 && maxRecovery <= 5000, `service came back after ${maxRecovery} ms (limit 5000)`);
assert(worst <= 6000, `a request hung for ${worst} ms during the restart`);
report("guasti del database: riavvio di PostgreSQL sotto traffico", "postgresql", ROUNDS, "solo 200/201 o 503 in italiano, processo vivo, ripresa ≤ 5 s", {
  requests,
  maxRecoveryMs: maxRecovery,
  slowestMs: worst,
});
