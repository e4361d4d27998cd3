import type { BrowserFigures, BundleFigures } from "./frontend";
import type { PdfFigures } from "./pdf-figures";
import type { RunStats } from "./stats";

export interface ApiRow {
  scenario: string;
  kind: string;
  bytes: number;
  concurrency: number;
  stats: RunStats;
  dbFloor: RunStats | null;
  httpFloor: RunStats | null;
  statements?: number;
}

export interface TargetResult {
  kind: "postgresql" | "pglite";
  counts: Record<string, number>;
  loadSeconds: number | null;
  startMs: number;
  rssIdle: number;
  rssPeak: number;
  api: ApiRow[];
  browser: BrowserFigures | null;
  pdf: PdfFigures | null;
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : "–");
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const ratio = (a: number, b: number | undefined) =>
  b && Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}` : "–";

/** The run's own health p95 at the same engine and level: the busy-machine yardstick. */
function healthP95(t: TargetResult, concurrency: number) {
  return t.api.find((r) => r.kind === "health" && r.concurrency === concurrency)?.stats.p95 ?? null;
}

/**
 * p95 target for a call at the level the issue names (PostgreSQL 16, PGlite 8). Lists and details
 * on PostgreSQL: 30 ms, or 2× the health route's p95 in the same run when the machine is busy.
 */
function target(t: TargetResult, row: ApiRow): number | null {
  if (t.kind === "postgresql" && row.concurrency !== 16) return null;
  if (t.kind === "pglite" && row.concurrency !== 8) return null;
  if (t.kind === "pglite") return row.kind === "list" || row.kind === "detail" ? 150 : null;
  if (row.kind === "list" || row.kind === "detail") return Math.max(30, 2 * (healthP95(t, row.concurrency) ?? 0));
  return { dashboard: 50 }[row.kind] ?? null;
}

const floorShare = (t: TargetResult, row: ApiRow) =>
  t.kind === "postgresql" && row.concurrency === 16 && (row.kind === "list" || row.kind === "detail") && row.dbFloor
    ? row.stats.rps / row.dbFloor.rps
    : null;

/**
 * A call meets its p95 goal with no errors. In-flight requests at the close are errors in the
 * table, but a closed loop always has `conn` of them: they count through their age in the p95;
 * any other error misses.
 */
const meetsP95 = (row: ApiRow, goal: number) =>
  row.stats.p95 <= goal && row.stats.errors - row.stats.inFlight === 0 && row.stats.count > 0;

export interface Verdict {
  target: string;
  measured: string;
  ok: boolean;
}

/** Every target of the issue this run measures, met or missed. */
export function checkTargets(results: TargetResult[], bundle: BundleFigures): Verdict[] {
  const out: Verdict[] = [];
  for (const t of results) {
    const name = t.kind === "postgresql" ? "PostgreSQL" : "PGlite";
    out.push({
      target: `${name}: start to first answer ≤ 3,000 ms`,
      measured: `${t.startMs} ms`,
      ok: t.startMs <= 3000,
    });
    if (t.kind === "pglite")
      out.push({ target: "PGlite: idle RSS ≤ 350 MB", measured: `${t.rssIdle} MB`, ok: t.rssIdle <= 350 });
    for (const row of t.api) {
      const goal = target(t, row);
      const call = `${name} ${row.scenario} c=${row.concurrency}`;
      if (goal !== null) {
        out.push({
          target: `${call}: p95 ≤ ${goal.toFixed(0)} ms, no errors`,
          measured: `p95 ${row.stats.p95.toFixed(1)} ms, ${row.stats.errors} errors (${row.stats.inFlight} in flight at close), n=${row.stats.count}`,
          ok: meetsP95(row, goal),
        });
      }
      const share = floorShare(t, row);
      if (share !== null)
        out.push({
          target: `${call}: ≥ 60 % of the DB floor's throughput`,
          measured: `${(share * 100).toFixed(0)} %`,
          ok: share >= 0.6,
        });
      if (row.kind === "pdf" && row.concurrency === 1) {
        out.push({
          target: `${call}: p95 ≤ 300 ms`,
          measured: `p95 ${row.stats.p95.toFixed(1)} ms, n=${row.stats.count}`,
          ok: row.stats.p95 <= 300 && row.stats.errors - row.stats.inFlight === 0,
        });
      }
    }
    if (t.pdf) {
      out.push({
        target: `${name}: a fresh PDF (draft estimate) at 1 connection, p95 ≤ 300 ms`,
        measured: `p95 ${t.pdf.fresh.p95.toFixed(0)} ms, n=${t.pdf.fresh.count}, errors ${t.pdf.fresh.errors - t.pdf.fresh.inFlight}`,
        ok: t.pdf.fresh.p95 <= 300 && t.pdf.fresh.errors - t.pdf.fresh.inFlight === 0 && t.pdf.fresh.count > 0,
      });
      out.push({
        target: `${name}: /api/health p95 while 20 PDFs render ≤ 2× idle`,
        measured: `${t.pdf.healthDuringRenders.p95.toFixed(1)} ms (n=${t.pdf.healthDuringRenders.count}) vs idle ${t.pdf.healthIdle.p95.toFixed(1)} ms (n=${t.pdf.healthIdle.count})`,
        ok: t.pdf.healthDuringRenders.p95 <= 2 * t.pdf.healthIdle.p95 && t.pdf.healthDuringRenders.count > 0,
      });
    } else out.push({ target: `${name}: PDF figures`, measured: "not measured (see the log)", ok: false });
    if (t.browser) {
      const worst = Math.max(...t.browser.searchMs);
      out.push({
        target: `${name}: last keystroke → filtered rows ≤ 300 ms`,
        measured: `${t.browser.searchMs.map((m) => m.toFixed(0)).join(" / ")} ms`,
        ok: worst <= 300,
      });
    }
  }
  out.push({
    target: "initial JavaScript ≤ 200 KB gzip",
    measured: kb(bundle.initialGzip),
    ok: bundle.initialGzip <= 200 * 1024,
  });
  return out;
}

/** One engine's calls beside their floors, as the console shows them. */
export function consoleTable(t: TargetResult): string {
  const lines = [`\n${t.kind}: start ${t.startMs} ms, RSS idle ${t.rssIdle} MB, peak ${t.rssPeak} MB`];
  lines.push(
    "call | conn | p50 / p95 ms | req/s | n | err (in flight) | DB floor p95 / req/s / n | HTTP floor p95 / req/s / n | ÷ DB | ÷ HTTP",
  );
  for (const row of t.api) {
    const f = (x: RunStats | null) => (x ? `${ms(x.p95)} / ${x.rps.toFixed(0)} / ${x.count}` : "–");
    lines.push(
      `${row.scenario} | ${row.concurrency} | ${ms(row.stats.p50)} / ${ms(row.stats.p95)} | ${row.stats.rps.toFixed(0)} | ${row.stats.count} | ${row.stats.errors} (${row.stats.inFlight}) | ${f(row.dbFloor)} | ${f(row.httpFloor)} | ${ratio(row.stats.rps, row.dbFloor?.rps)} | ${ratio(row.stats.rps, row.httpFloor?.rps)}`,
    );
  }
  return lines.join("\n");
}

export function markdownReport(r: {
  date: string;
  commit: string;
  machine: string;
  seconds: number;
  scale: number;
  bundle: BundleFigures;
  results: TargetResult[];
  totalSeconds: number;
  verdicts?: Verdict[];
}) {
  const out: string[] = [];
  out.push("<!-- bench:start (written by npm run bench) -->");
  out.push(
    `Measured ${r.date.slice(0, 16).replace("T", " ")} UTC on commit \`${r.commit}\`; ${r.seconds} s per measurement, whole run ${(r.totalSeconds / 60).toFixed(1)} min.`,
  );
  out.push(`Machine: ${r.machine}.`, "");
  for (const t of r.results) {
    out.push(`### ${t.kind === "postgresql" ? "PostgreSQL" : "PGlite"} (scale ${r.scale})`, "");
    out.push(
      `Data: ${Object.entries(t.counts)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(", ")}.`,
    );
    out.push(
      `${t.loadSeconds !== null ? `Loaded in this run in ${(t.loadSeconds / 60).toFixed(1)} min. ` : ""}Server start to first answer ${t.startMs} ms; RSS idle ${t.rssIdle} MB, peak under load ${t.rssPeak} MB.`,
      "",
    );
    out.push(
      "| call | conn | p50 ms | p95 ms | p99 ms | req/s | n | err (in flight at close) | body | SQL | DB floor p95 / req/s / n | HTTP floor p95 / req/s / n | req/s ÷ DB floor | req/s ÷ HTTP floor | target |",
    );
    out.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|");
    for (const row of t.api) {
      const goal = target(t, row);
      const met =
        goal === null ? "" : meetsP95(row, goal) ? `p95 ≤ ${goal.toFixed(0)} ✅` : `p95 ≤ ${goal.toFixed(0)} ❌`;
      const shareOf = floorShare(t, row);
      const share = shareOf === null ? "" : shareOf >= 0.6 ? " · ≥60% floor ✅" : " · ≥60% floor ❌";
      const f = (x: RunStats | null) => (x ? `${ms(x.p95)} / ${x.rps.toFixed(0)} / ${x.count}` : "–");
      out.push(
        `| ${row.scenario} | ${row.concurrency} | ${ms(row.stats.p50)} | ${ms(row.stats.p95)} | ${ms(row.stats.p99)} | ${row.stats.rps.toFixed(0)} | ${row.stats.count} | ${row.stats.errors} (${row.stats.inFlight}) | ${kb(row.bytes)} | ${row.statements ?? "–"} | ${f(row.dbFloor)} | ${f(row.httpFloor)} | ${ratio(row.stats.rps, row.dbFloor?.rps)} | ${ratio(row.stats.rps, row.httpFloor?.rps)} | ${met}${share} |`,
      );
    }
    out.push("");
    if (t.pdf) {
      const p = t.pdf;
      out.push(
        "PDF (1 connection; renders by two users, ten in flight or queued each, refilled):",
        "",
        "| measure | p50 ms | p95 ms | n |",
        "|---|--:|--:|--:|",
        `| fresh render of a draft estimate | ${ms(p.fresh.p50)} | ${ms(p.fresh.p95)} | ${p.fresh.count} |`,
        `| the first of them, alone (starts the render worker if it had exited idle) | ${ms(p.firstRenderMs)} | – | 1 |`,
        `| /api/health, idle | ${ms(p.healthIdle.p50)} | ${ms(p.healthIdle.p95)} | ${p.healthIdle.count} |`,
        `| /api/health while 20 PDFs render (${p.rendered} rendered, ${p.refused} refused) | ${ms(p.healthDuringRenders.p50)} | ${ms(p.healthDuringRenders.p95)} | ${p.healthDuringRenders.count} |`,
        "",
      );
    }
    if (t.browser) {
      out.push(
        "Front end (served by this server, headless Chromium, 4× CPU throttling, median of 3; LCP target ≤ 1,500 ms, search ≤ 300 ms):",
        "",
      );
      out.push("| measure | ms |", "|---|--:|");
      for (const l of t.browser.lcp) out.push(`| LCP ${l.path.replace(/[0-9a-f-]{36}/, "{id}")} | ${ms(l.ms)} |`);
      out.push(
        `| last keystroke → filtered rows, /admin/clients (3 runs) | ${t.browser.searchMs.map(ms).join(" / ")} |`,
        "",
      );
    }
  }
  if (r.verdicts) {
    out.push("### Targets", "");
    for (const v of r.verdicts) out.push(`- ${v.ok ? "✅" : "❌"} ${v.target}: ${v.measured}`);
    out.push("");
  }
  out.push("### Bundle (gzip -9)", "");
  out.push(
    `Initial JavaScript: **${kb(r.bundle.initialGzip)}** (${r.bundle.initialFiles.join(", ")}; target ≤ 200 KB).`,
    "",
  );
  out.push("| chunk (loaded on demand) | gzip |", "|---|--:|");
  for (const c of r.bundle.chunks) out.push(`| ${c.file} | ${kb(c.gzip)} |`);
  out.push("", "<!-- bench:end -->");
  return out.join("\n");
}

/** Puts the generated block into the existing document, keeping the hand-written analysis around it. */
export function spliceReport(existing: string | null, block: string) {
  if (!existing) return `# Benchmarks\n\n${block}\n`;
  const start = existing.indexOf("<!-- bench:start");
  const end = existing.indexOf("<!-- bench:end -->");
  if (start < 0 || end < 0) return `${existing.trimEnd()}\n\n${block}\n`;
  return existing.slice(0, start) + block + existing.slice(end + "<!-- bench:end -->".length);
}
