import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// npm run test:reliability: the in-process reliability tests at full strength (RELIABILITY_RUNS,
// 200 cases per route) on PGlite and on PostgreSQL, then the process-level scenarios (kill -9,
// PostgreSQL restart, soak, logs, backup), the XSS end-to-end test and npm audit; prints one
// summary table. Exit code 1 when any part failed.

const report = path.resolve(".tmp/reliability-report.jsonl");
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const runs = process.env.RELIABILITY_RUNS ?? "200";
const pgUrl = process.env.DATABASE_URL ?? "";
const port = process.env.RELIABILITY_PORT ?? "5188";
const env = { ...process.env, RELIABILITY_REPORT: report, RELIABILITY_RUNS: runs, RELIABILITY_PORT: port };
const only = process.argv.slice(2);
const startedAt = new Date();
const loadAtStart = os.loadavg();

const steps: { name: string; cmd: string[]; env?: Record<string, string>; skip?: string }[] = [
  {
    name: "vitest (PGlite)",
    cmd: ["npx", "vitest", "run", "--project", "api", "src/server/test/reliability"],
    env: { DATABASE_URL: "" },
  },
  {
    name: "vitest (PostgreSQL)",
    cmd: ["npx", "vitest", "run", "--project", "api", "src/server/test/reliability"],
    ...(pgUrl ? {} : { skip: "DATABASE_URL non impostata" }),
  },
  { name: "kill -9", cmd: ["npx", "tsx", "scripts/reliability/crash.ts"] },
  {
    name: "riavvio PostgreSQL",
    cmd: ["npx", "tsx", "scripts/reliability/db-faults.ts"],
    ...(pgUrl ? {} : { skip: "DATABASE_URL non impostata" }),
  },
  {
    name: "durata",
    cmd: ["npx", "tsx", "scripts/reliability/soak.ts"],
    ...(pgUrl ? {} : { skip: "DATABASE_URL non impostata" }),
  },
  { name: "log", cmd: ["npx", "tsx", "scripts/reliability/logs.ts"] },
  { name: "backup", cmd: ["npx", "tsx", "scripts/reliability/backup.ts"] },
  {
    name: "XSS nel browser",
    cmd: [
      "bash",
      "-c",
      `WEB_DIR=.tmp/web-${port} npx vite build >/dev/null && WEB_DIR=.tmp/web-${port} E2E_PORT=${port} npx playwright test e2e/xss.spec.ts`,
    ],
  },
];

const results: { name: string; status: string; seconds: number }[] = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.toLowerCase().includes(o.toLowerCase()))) continue;
  if (step.skip) {
    results.push({ name: step.name, status: `saltato (${step.skip})`, seconds: 0 });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0]!, step.cmd.slice(1), { stdio: "inherit", env: { ...env, ...step.env } });
  results.push({
    name: step.name,
    status: r.status === 0 ? "ok" : `FALLITO (${r.status ?? r.signal})`,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}

// npm audit needs the network: reported, never a failure when offline.
let audit = "non eseguito";
if (!only.length || only.some((o) => "audit".includes(o))) {
  const a = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 60_000 });
  try {
    const v = JSON.parse(a.stdout).metadata.vulnerabilities as Record<string, number>;
    audit = `critical ${v.critical}, high ${v.high}, moderate ${v.moderate}, low ${v.low}`;
    results.push({
      name: "npm audit --omit=dev",
      status: v.critical || v.high ? "FALLITO (high/critical)" : "ok",
      seconds: 0,
    });
  } catch {
    // Offline, or a registry mirror without the advisories endpoint: reported, not a failure.
    let reason = "rete non disponibile";
    try {
      reason = String((JSON.parse(a.stdout) as { message?: string }).message ?? reason);
    } catch {
      // not JSON: keep the generic reason
    }
    // The reason names the registry's address: keep the status, not the host.
    audit = `audit non eseguito (${reason.replace(/\s*-?\s*(GET|POST)?\s*https?:\/\/\S+/g, "").trim()})`;
    results.push({ name: "npm audit --omit=dev", status: "saltato (registro non disponibile)", seconds: 0 });
  }
}

const lines = fs.existsSync(report)
  ? fs
      .readFileSync(report, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { check: string; db: string; tried: number; held: string; [k: string]: unknown })
  : [];
const pad = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + "…" : s.padEnd(n));
console.log("\n\nRiepilogo affidabilità");
console.log(`${pad("prova", 70)} ${pad("database", 10)} ${"casi".padStart(7)}  cosa ha tenuto`);
for (const l of lines) {
  const { check, db, tried, held, ...extra } = l;
  const detail = Object.entries(extra)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");
  console.log(`${pad(check, 70)} ${pad(db, 10)} ${String(tried).padStart(7)}  ${held}${detail ? ` (${detail})` : ""}`);
}
console.log(`\nnpm audit --omit=dev: ${audit}`);
console.log("\nPassi:");
for (const r of results) console.log(`  ${pad(r.name, 28)} ${pad(r.status, 36)} ${r.seconds} s`);
const failed = results.filter((r) => r.status.startsWith("FALLITO"));

// A complete, passing run rewrites docs/reliability-figures.md: the figures in the docs always
// come from one run, never from hand edits or from a run that failed.
if (!only.length && failed.length === 0) {
  const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
  const dirty = execSync("git status --porcelain --untracked-files=no", { encoding: "utf8" }).trim()
    ? " (with uncommitted changes)"
    : "";
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  const cell = (v: unknown) => String(v).replace(/\|/g, "\\|");
  const md = [
    "# Reliability figures (generated)",
    "",
    "Written by `npm run test:reliability` at the end of a complete run in which every step passed;",
    "do not edit by hand. What each check tries and must hold: [reliability.md](reliability.md).",
    "",
    `- run: ${startedAt.toISOString()} → ${new Date().toISOString()}, commit ${commit}${dirty}`,
    `- machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1/5/15 min) at start ${load(loadAtStart)}, at end ${load(os.loadavg())}`,
    `- cases per property: RELIABILITY_RUNS=${runs}; PostgreSQL: ${pgUrl ? "yes" : "no (PostgreSQL-only steps skipped)"}`,
    "",
    "| check | database | cases | what held | details |",
    "|---|---|---:|---|---|",
    ...lines.map(({ check, db, tried, held, ...extra }) => {
      const detail = Object.entries(extra)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(", ");
      return `| ${cell(check)} | ${db} | ${tried} | ${cell(held)} | ${cell(detail)} |`;
    }),
    "",
    "| step | result | seconds |",
    "|---|---|---:|",
    ...results.map((r) => `| ${r.name} | ${r.status} | ${r.seconds} |`),
    "",
    `npm audit --omit=dev: ${audit}`,
    "",
  ].join("\n");
  fs.writeFileSync(path.resolve("docs/reliability-figures.md"), md);
  console.log("\ndocs/reliability-figures.md aggiornato.");
}
process.exit(failed.length ? 1 : 0);
