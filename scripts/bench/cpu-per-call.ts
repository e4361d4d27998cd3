// The server's own CPU per API call, without sockets or load generator: the app answers the call
// in-process (app.inject) N times with C in flight, as the administrator, on a loaded data set, and
// the process's CPU time (user + system) is divided by N. It is the figure that decides how many
// calls one node process can answer per second on this 2-core machine, where PostgreSQL takes the
// other core; it moves less with the machine's load than a latency does (docs/decisions/016-prepared-reads.md).
//
//   npx tsx scripts/bench/cpu-per-call.ts /api/dashboard "/api/invoices?limit=25&offset=25" …
//   CPU_DATABASE_URL=postgres://…  (default: the bench's scale-500 database colmo_bench)
//   N (default 2000), C (default 4), PROF=file.cpuprofile writes a V8 profile of the measured calls.
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { openPostgres } from "../../src/server/db/client";
import { appAsAdmin } from "./in-process";

const urls = process.argv.slice(2);
if (!urls.length) throw new Error("usage: cpu-per-call.ts <url> [<url> …]");
const N = Number(process.env.N ?? 2000);
const C = Number(process.env.C ?? 4);
const database = await openPostgres(process.env.CPU_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/colmo_bench");
const { app, cookie } = await appAsAdmin(database);
const headers = { cookie };

console.log(
  `N=${N}, C=${C}; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")}`,
);
for (const url of urls) {
  const call = () => app.inject({ method: "GET", url, headers });
  const first = await call();
  if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}`);
  // Warm-up: JIT, plan caches, prepared statements on every pool connection.
  for (let i = 0; i < 200; i++) await call();
  const session = new Session();
  if (process.env.PROF) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  let started = 0;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (started < N) {
        started++;
        await call();
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  if (process.env.PROF) {
    const { profile } = await session.post("Profiler.stop");
    fs.writeFileSync(process.env.PROF, JSON.stringify(profile));
    session.disconnect();
  }
  console.log(
    `${url}: ${((cpu.user + cpu.system) / N).toFixed(0)} µs CPU per call (${(cpu.system / N).toFixed(0)} in the kernel), ${(wall / N).toFixed(2)} ms wall per call (${first.body.length} bytes)`,
  );
}
await app.close();
await database.close();
