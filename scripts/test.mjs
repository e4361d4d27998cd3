// npm test: every suite in order, stopping at the first failure, then each step's time.
// Plain JavaScript so it runs before anything is compiled.
//
//   node scripts/test.mjs                    every step
//   node scripts/test.mjs --only api,unit    these steps only (names below)
//   node scripts/test.mjs --skip e2e         every step but these
import { spawnSync } from "node:child_process";
import os from "node:os";

const steps = [
  { name: "typecheck", what: "tsc --noEmit", cmd: "npm", args: ["run", "-s", "typecheck"] },
  { name: "lint", what: "ESLint", cmd: "npm", args: ["run", "-s", "lint"] },
  { name: "unit", what: "unit (vitest)", cmd: "npm", args: ["run", "-s", "test:unit"] },
  { name: "api", what: "API on PGlite", cmd: "npm", args: ["run", "-s", "test:api"] },
  { name: "api-postgres", what: "API on PostgreSQL", cmd: "npm", args: ["run", "-s", "test:api:postgres"] },
  { name: "cluster", what: "cluster (3 instances)", cmd: "npm", args: ["run", "-s", "test:cluster"] },
  { name: "e2e", what: "end-to-end (Playwright)", cmd: "npm", args: ["run", "-s", "test:e2e"] },
];

const listArg = (flag) => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? null : (process.argv[i + 1] ?? "").split(",").filter(Boolean);
};
const only = listArg("--only");
const skip = listArg("--skip") ?? [];
for (const name of [...(only ?? []), ...skip])
  if (!steps.some((s) => s.name === name)) {
    console.error(`Passo sconosciuto: ${name} (passi: ${steps.map((s) => s.name).join(", ")})`);
    process.exit(2);
  }

const fmt = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const results = [];
const started = Date.now();
let failed = null;
for (const step of steps) {
  if ((only && !only.includes(step.name)) || skip.includes(step.name)) {
    results.push({ ...step, status: "saltato", ms: 0 });
    continue;
  }
  if (failed) {
    results.push({ ...step, status: "non eseguito", ms: 0 });
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.what} (carico ${load()})`);
  const t0 = Date.now();
  const run = spawnSync(step.cmd, step.args, { stdio: "inherit" });
  const ms = Date.now() - t0;
  const ok = run.status === 0;
  results.push({ ...step, status: ok ? "ok" : `FALLITO (${run.status ?? run.signal})`, ms });
  if (!ok) failed = step.name;
}

const total = Date.now() - started;
// A warning, never a failure: documents of figures measured on code that has changed since.
console.log("\nEtà delle cifre (docs/benchmarks.md, docs/reliability-figures.md):");
spawnSync("node", ["scripts/figures-age.mjs"], { stdio: "inherit" });
console.log(`\nTempi di npm test (carico ${load()}, ${os.cpus().length} core):`);
for (const r of results)
  console.log(`  ${r.name.padEnd(13)} ${r.ms ? fmt(r.ms).padStart(8) : "       -"}  ${r.status.padEnd(14)} ${r.what}`);
console.log(`  ${"totale".padEnd(13)} ${fmt(total).padStart(8)}`);
process.exit(failed ? 1 : 0);
