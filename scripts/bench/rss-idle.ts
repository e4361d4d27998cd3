import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../../src/server/db/client";
import { DEMO_LOGINS } from "../../src/server/demo/run";
import { httpLoad } from "./http-load";
import { loginAs, pdfUsers } from "./pdf-figures";
import { discoverIds, scenarios } from "./scenarios";
import { rssMb, startServer, stopServer } from "./server";

// The bench's PGlite idle-memory figure alone, and where that memory is. Reproduces run.ts's
// sequence on a PGlite data folder: the production build with `DATABASE_URL=` (and the
// NODE_OPTIONS `npm run bench` hands its server), three logins, the ids, one warm-up call of
// every scenario, 1 s, VmRSS (the largest of the process and its children, as run.ts reads it).
// Then the split: the process's mappings from /proc/<pid>/smaps (WASM heap, V8 heap and code,
// malloc, libraries), and what the server says inside through scripts/bench/memory-probe.mjs
// (preloaded only here, read on SIGUSR2).
//
//   npx tsx scripts/bench/rss-idle.ts <pglite data dir>
//   RSS_LATER=70     also sample RSS every 10 s for that many seconds (the PDF worker's idle exit)
//   RSS_LOAD=1       then 5 s of autocannon at 8 connections on four PGlite lists (p95, n, load)
//   RSS_PORT         default 5290
//   RSS_NODE_OPTIONS the server's NODE_OPTIONS besides the probe (default: the bench's --max-old-space-size=8000)
//   RSS_VERBOSE=1    RSS after each warm-up call
//   RSS_GLIBC_TUNABLES  the server's GLIBC_TUNABLES instead of npm start's (empty: none)
//   RSS_KEEP_PDF=1   keep the accepted estimate's stored PDF (by default deleted: the warm-up renders it)
// Any other variable (PGLITE_SHARED_BUFFERS_MB, …) reaches the server as it is.
const dataDir = path.resolve(process.argv[2] ?? ".tmp/bench-pglite");
const port = Number(process.env.RSS_PORT ?? 5290);
const probeOut = path.resolve(".tmp/memory-probe.json");
const log = (s: string) => console.log(`[rss] ${s}`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

execSync("node scripts/build.mjs --if-stale", { stdio: "inherit" });

// run.ts's cleanUp, without its VACUUM (this script's one write is deleted again).
{
  const database = await openPglite(dataDir);
  await database.db.execute("delete from estimates where title = 'Preventivo di prova (benchmark)'");
  await database.db.execute("delete from sessions");
  await database.db.execute("delete from login_attempts");
  // A freshly loaded data set has no stored estimate PDF, so the warm-up's PDF call renders one
  // (and stores it): start each run from that state, as the bench's first run on new data does.
  // RSS_KEEP_PDF=1 keeps it (a later bench run on the same data: served as stored bytes).
  if (!process.env.RSS_KEEP_PDF) await database.db.execute("delete from documents where owner_type = 'estimate'");
  await database.close();
}

interface Mapping {
  start: number;
  sizeMb: number;
  perms: string;
  name: string;
  rssKb: number;
}

function mappings(pid: number): Mapping[] {
  const list: Mapping[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = parseInt(head[1]!, 16);
      list.push({
        start,
        sizeMb: (parseInt(head[2]!, 16) - start) / 2 ** 20,
        perms: head[3]!,
        name: head[4]!.trim(),
        rssKb: 0,
      });
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) list[list.length - 1]!.rssKb = Number(rss[1]);
  }
  return list;
}

/**
 * Resident MB of the process's mappings, by what they hold, told apart by their shape: a
 * WebAssembly memory is a read-write mapping of exactly its size between large inaccessible
 * guard regions; a glibc malloc arena of a thread is a 64 MB-aligned reservation, read-write up
 * to what it ever used; the main thread's malloc is [heap]; V8's heap pages, the WASM code space,
 * large malloc blocks and ArrayBuffers are the other anonymous mappings.
 */
function smapsSplit(maps: Mapping[], wasmSizesMb: number[]) {
  const groups: Record<string, number> = {};
  const big: string[] = [];
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    let what: string;
    if (m.name === "[heap]") what = "malloc, main thread ([heap])";
    else if (m.name.startsWith("[")) what = `other ${m.name}`;
    else if (m.name.startsWith("/")) what = m.name.includes("/node") ? "node binary (file)" : "other files";
    else if (m.perms.includes("x")) what = "anon executable (JIT code)";
    else if (m.perms === "rw-p" && wasmSizesMb.includes(m.sizeMb) && next?.perms === "---p" && next.sizeMb > 1024)
      what = "wasm memory (PGlite heap)";
    else if (
      m.perms === "rw-p" &&
      m.start % 2 ** 26 === 0 &&
      (m.sizeMb === 64 || (next?.perms === "---p" && m.sizeMb + next.sizeMb === 64))
    )
      what = "malloc arenas of threads";
    else what = "other anon (V8 heaps, wasm code, big malloc blocks, buffers)";
    groups[what] = (groups[what] ?? 0) + m.rssKb;
    if (m.rssKb > 2048)
      big.push(`${Math.round(m.rssKb / 1024)} MB of ${Math.round(m.sizeMb)} MB ${m.perms} ${m.name}: ${what}`);
  });
  return {
    groupsMb: Object.fromEntries(
      Object.entries(groups)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Math.round(v / 1024)]),
    ),
    largeMappings: big,
  };
}

const threads = (pid: number) => /Threads:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];

async function probe(pid: number) {
  fs.rmSync(probeOut, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(probeOut); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 50));
  return fs.existsSync(probeOut) ? JSON.parse(fs.readFileSync(probeOut, "utf8")) : null;
}

fs.mkdirSync(path.dirname(probeOut), { recursive: true });
const probeFile = path.resolve("scripts/bench/memory-probe.mjs");
// What `npm run bench` sets for itself and its server inherits.
const nodeOptions = [process.env.RSS_NODE_OPTIONS ?? "--max-old-space-size=8000", `--import=${probeFile}`].join(" ");
log(`load average at the start ${load()}`);
const { child, base, startMs } = await startServer(
  {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    WEB_DIR: path.resolve("dist/web"),
    NODE_OPTIONS: nodeOptions,
    MEMORY_PROBE_OUT: probeOut,
    // npm start's malloc tunables (startServer sets them); RSS_GLIBC_TUNABLES= measures without.
    ...(process.env.RSS_GLIBC_TUNABLES !== undefined ? { GLIBC_TUNABLES: process.env.RSS_GLIBC_TUNABLES } : {}),
  },
  port,
);
const pid = child.pid!;
try {
  log(`server up in ${startMs} ms, RSS ${rssMb(pid)} MB`);
  const cookie = await loginAs(base, DEMO_LOGINS.admin);
  await pdfUsers(base);
  const ids = await discoverIds(base, cookie);
  log(`after logins and ids: RSS ${rssMb(pid)} MB`);
  const list = scenarios(ids);
  for (const s of list) {
    const t0 = performance.now();
    const res = await fetch(base + s.path, {
      method: s.method,
      headers: {
        ...(s.kind === "login" ? {} : { cookie }),
        ...s.headers,
        ...(s.body ? { "content-type": "application/json" } : {}),
      },
      ...(s.body ? { body: JSON.stringify(s.body) } : {}),
    });
    await res.arrayBuffer();
    if (process.env.RSS_VERBOSE)
      log(`  ${s.name}: ${res.status} ${(performance.now() - t0).toFixed(0)} ms, RSS ${rssMb(pid)} MB`);
    else if (!res.ok) log(`  warm-up ${s.name} answered ${res.status}`);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMb(pid);
  const maps = mappings(pid);
  log(`IDLE RSS ${idle} MB (the bench's figure), ${threads(pid)} threads`);
  const inside = await probe(pid);
  const wasmSizes: number[] = inside?.wasmMemoriesMb ?? [];
  // The mappings as they were at the idle figure (the probe's queries come after).
  console.log(JSON.stringify(smapsSplit(maps, wasmSizes), null, 1));
  console.log(JSON.stringify(inside, null, 1));

  const later = Number(process.env.RSS_LATER ?? 0);
  for (let t = 10; t <= later; t += 10) {
    await new Promise((r) => setTimeout(r, 10_000));
    log(`+${t + 1} s: RSS ${rssMb(pid)} MB, ${threads(pid)} threads`);
  }
  if (later) console.log(JSON.stringify(smapsSplit(mappings(pid), wasmSizes).groupsMb));

  if (process.env.RSS_LOAD) {
    const lists = [
      "/api/invoices?limit=25&offset=25",
      "/api/invoices?status=scaduta&limit=25",
      "/api/clients?limit=25&offset=25",
      "/api/estimates?limit=25&offset=25",
    ];
    for (const p of lists) {
      const st = await httpLoad(base, { method: "GET", path: p, headers: { cookie } }, 8, 5);
      log(
        `c=8 5 s ${p}: p50 ${st.p50.toFixed(1)} p95 ${st.p95.toFixed(1)} ms, n=${st.count}, errors ${st.errors}; load ${load()}`,
      );
    }
    log(`RSS after the load ${rssMb(pid)} MB`);
  }
} finally {
  await stopServer(child);
}
log(`load average at the end ${load()}`);
