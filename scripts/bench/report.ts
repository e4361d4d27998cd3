import type { BrowserFigures, BundleFigures } from "./frontend";
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
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : "–");
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const ratio = (a: number, b: number | undefined) => (b && Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}` : "–");

/** p95 target for a call at the level the issue names (PostgreSQL 32, PGlite 8). */
function target(kind: "postgresql" | "pglite", row: ApiRow): number | null {
  if (kind === "postgresql" && row.concurrency !== 32) return null;
  if (kind === "pglite" && row.concurrency !== 8) return null;
  if (kind === "pglite") return row.kind === "list" || row.kind === "detail" ? 150 : null;
  return { list: 30, detail: 30, dashboard: 50, pdf: 300 }[row.kind] ?? null;
}

export function markdownReport(r: { date: string; commit: string; machine: string; seconds: number; scale: number; bundle: BundleFigures; results: TargetResult[]; totalSeconds: number }) {
  const out: string[] = [];
  out.push("<!-- bench:start (written by npm run bench) -->");
  out.push(`Measured ${r.date.slice(0, 16).replace("T", " ")} UTC on commit \`${r.commit}\`; ${r.seconds} s per measurement, whole run ${(r.totalSeconds / 60).toFixed(1)} min.`);
  out.push(`Machine: ${r.machine}.`, "");
  for (const t of r.results) {
    out.push(`### ${t.kind === "postgresql" ? "PostgreSQL" : "PGlite"} (scale ${r.scale})`, "");
    out.push(`Data: ${Object.entries(t.counts).map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`).join(", ")}.`);
    out.push(`${t.loadSeconds !== null ? `Loaded in this run in ${(t.loadSeconds / 60).toFixed(1)} min. ` : ""}Server start to first answer ${t.startMs} ms; RSS idle ${t.rssIdle} MB, peak under load ${t.rssPeak} MB.`, "");
    out.push("| call | conn | p50 ms | p95 ms | p99 ms | req/s | err | body | SQL | DB floor p95 / req/s | HTTP floor p95 / req/s | req/s ÷ DB floor | req/s ÷ HTTP floor | target |");
    out.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|");
    for (const row of t.api) {
      const goal = target(t.kind, row);
      const met = goal === null ? "" : row.stats.p95 <= goal && row.stats.errors === 0 ? `p95 ≤ ${goal} ✅` : `p95 ≤ ${goal} ❌`;
      const share = t.kind === "postgresql" && row.concurrency === 32 && (row.kind === "list" || row.kind === "detail") && row.dbFloor ? (row.stats.rps / row.dbFloor.rps >= 0.6 ? " · ≥60% floor ✅" : " · ≥60% floor ❌") : "";
      out.push(
        `| ${row.scenario} | ${row.concurrency} | ${ms(row.stats.p50)} | ${ms(row.stats.p95)} | ${ms(row.stats.p99)} | ${row.stats.rps.toFixed(0)} | ${row.stats.errors} | ${kb(row.bytes)} | ${row.statements ?? "–"} | ${row.dbFloor ? `${ms(row.dbFloor.p95)} / ${row.dbFloor.rps.toFixed(0)}` : "–"} | ${row.httpFloor ? `${ms(row.httpFloor.p95)} / ${row.httpFloor.rps.toFixed(0)}` : "–"} | ${ratio(row.stats.rps, row.dbFloor?.rps)} | ${ratio(row.stats.rps, row.httpFloor?.rps)} | ${met}${share} |`,
      );
    }
    out.push("");
    if (t.browser) {
      out.push("Front end (served by this server, headless Chromium, 4× CPU throttling, median of 3; LCP target ≤ 1,500 ms, search ≤ 300 ms):", "");
      out.push("| measure | ms |", "|---|--:|");
      for (const l of t.browser.lcp) out.push(`| LCP ${l.path.replace(/[0-9a-f-]{36}/, "{id}")} | ${ms(l.ms)} |`);
      out.push(`| last keystroke → filtered rows, /admin/clients (3 runs) | ${t.browser.searchMs.map(ms).join(" / ")} |`, "");
    }
  }
  out.push("### Bundle (gzip -9)", "");
  out.push(`Initial JavaScript: **${kb(r.bundle.initialGzip)}** (${r.bundle.initialFiles.join(", ")}; target ≤ 200 KB).`, "");
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
