import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import path from "node:path";
import { faultVerdict, type FaultRound } from "../../src/server/test/reliability/verdicts";
import { assert, dropPgDatabase, freshPgDatabase, killHard, login, report, sleep, startServer } from "./lib";

// Restart the local PostgreSQL while the app serves reads and writes: requests fail fast with
// 503 and an Italian message, the process stays up, and service comes back by itself within 5 s.

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const PORT = Number(process.env.RELIABILITY_PORT ?? 5188) + 102;

if (!process.env.DATABASE_URL) {
  console.log("DATABASE_URL non impostata: guasti del database saltati.");
  process.exit(0);
}

const cluster = fs.readdirSync("/etc/postgresql")[0];
// Asynchronous: the traffic loops keep running while PostgreSQL goes down and comes back.
const restartPostgres = () =>
  promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", cluster!, "main", "restart"]);

const dataDir = path.resolve(".tmp/reliability-faults");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const url = await freshPgDatabase("colmo_rel_faults");
const server = await startServer({
  port: PORT,
  env: { DATA_DIR: dataDir, DATABASE_URL: url! },
  log: path.join(dataDir, "server.log"),
});
const api = await login(server.base);

const rounds: FaultRound[] = [];

for (let round = 1; round <= ROUNDS; round++) {
  const answers: FaultRound["answers"] = [];
  const stop = { now: false };
  const loop = async (w: number) => {
    for (let i = 0; !stop.now; i++) {
      const started = Date.now();
      const write = i % 5 === 0;
      const r = write
        ? await api.call("POST", "/api/clients", {
            name: `Guasto ${round}-${w}-${i}`,
            type: "privato",
            address: "Via Guasto 1",
          })
        : await api.call("GET", "/api/clients?limit=20");
      answers.push({
        status: r.status,
        ms: Date.now() - started,
        message: (r.json as { message?: string } | null)?.message,
      });
      await sleep(20);
    }
  };
  const loops = Array.from({ length: 8 }, (_, w) => loop(w));
  await sleep(1500);
  const restartAt = Date.now();
  await restartPostgres();
  const backAt = Date.now();
  // Service must come back by itself: poll until a request succeeds (null when it never does).
  let recoveredAt: number | null = null;
  while (recoveredAt === null && Date.now() - backAt < 30_000) {
    const r = await api.call("GET", "/api/clients?limit=1");
    if (r.status === 200) recoveredAt = Date.now();
    else await sleep(100);
  }
  await sleep(2000);
  stop.now = true;
  await Promise.all(loops);

  assert(server.child.exitCode === null, "the server process died during the database restart");
  rounds.push({ backAt, recoveredAt, answers });
  const failed = answers.filter((s) => s.status === 503).length;
  const back = recoveredAt === null ? "mai" : `in ${recoveredAt - backAt} ms`;
  console.log(
    `  riavvio ${round}: PostgreSQL giù per ${backAt - restartAt} ms, ${answers.length} richieste, ${failed} risposte 503, servizio tornato ${back}`,
  );
}

await killHard(server);
await dropPgDatabase("colmo_rel_faults");
const v = faultVerdict(rounds, { recoveryMs: 5000, slowestMs: 6000 });
assert(v.ok, v.problems.join("; "));
report(
  "guasti del database: riavvio di PostgreSQL sotto traffico",
  "postgresql",
  ROUNDS,
  "solo 200/201 o 503 in italiano, processo vivo, ripresa ≤ 5 s",
  {
    requests: rounds.reduce((n, r) => n + r.answers.length, 0),
    maxRecoveryMs: v.maxRecoveryMs,
    slowestMs: v.slowestMs,
  },
);
