// Preloaded into the measured server by scripts/bench/rss-idle.ts (`node --import`), never by the
// app: on SIGUSR2 it writes to MEMORY_PROBE_OUT what the process says about its own memory —
// process.memoryUsage(), V8's heap spaces, the size of each WebAssembly memory (PGlite's heap)
// and PostgreSQL's own view of its memory contexts. A bench-only inspector, so the app needs no
// route that tells anyone how its memory is laid out. Plain JavaScript: it runs beside the build.
import fs from "node:fs";
import v8 from "node:v8";
import { isMainThread } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const out = process.env.MEMORY_PROBE_OUT;
if (isMainThread && out) {
  // Every WebAssembly.Memory created (PGlite makes one): its byte length is the WASM heap's size.
  const memories = [];
  const NativeMemory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(NativeMemory, {
    construct(target, args) {
      const m = Reflect.construct(target, args);
      memories.push(m);
      return m;
    },
  });
  // The app's PGlite instance, seen at its first query.
  let pglite = null;
  for (const method of ["query", "exec"]) {
    const original = PGlite.prototype[method];
    PGlite.prototype[method] = function (...args) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the instance is what the probe keeps
      pglite ??= this;
      return original.apply(this, args);
    };
  }
  const mb = (n) => Math.round((n / 2 ** 20) * 10) / 10;
  process.on("SIGUSR2", async () => {
    // Read first: the queries below allocate.
    const usage = process.memoryUsage();
    const report = {
      memoryUsageMb: Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, mb(v)])),
      heapSpacesMb: Object.fromEntries(
        v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: mb(s.space_size), used: mb(s.space_used_size) }]),
      ),
      wasmMemoriesMb: memories.map((m) => mb(m.buffer.byteLength)),
      pg: null,
    };
    if (pglite) {
      try {
        const contexts = await pglite.query(
          `select name, count(*)::int as n, sum(total_bytes)::bigint as total, sum(used_bytes)::bigint as used
             from pg_backend_memory_contexts group by name order by sum(total_bytes) desc limit 12`,
        );
        const settings = await pglite.query(
          `select name, setting, unit from pg_settings
            where name in ('shared_buffers','work_mem','temp_buffers','maintenance_work_mem','wal_buffers','effective_cache_size')`,
        );
        const shmem = await pglite.query(
          `select name, allocated_size::bigint as size from pg_shmem_allocations order by allocated_size desc limit 6`,
        );
        report.pg = {
          contextsMb: contexts.rows.map((r) => ({
            name: r.name,
            n: r.n,
            total: mb(Number(r.total)),
            used: mb(Number(r.used)),
          })),
          settings: settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ""}`),
          shmemMb: shmem.rows.map((r) => ({ name: r.name, size: mb(Number(r.size)) })),
        };
      } catch (err) {
        report.pg = { error: String(err) };
      }
    }
    fs.writeFileSync(out, JSON.stringify(report, null, 1));
  });
}
