import os from "node:os";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { Piscina } from "piscina";
import { loadConfig } from "../../config";
import { HttpError } from "../../http/errors";

// The PDF worker pool. pdfmake lays out and compresses synchronously: rendered on the request
// thread, one client asking for ten large PDFs used to stall every other request for tens of
// seconds. Here rendering happens in a few worker threads (PDF_WORKERS, default one less than
// the cores, at least one); the main thread only builds the definition and sends it.

/** Renders waiting for a worker, all users together; beyond it a render is refused (503). */
export const MAX_QUEUED_RENDERS = 64;

/** 503 wherever it surfaces (a PDF route, or sending an estimate or order by e-mail). */
export class PdfPoolBusyError extends HttpError {
  constructor() {
    super(503, "Il server sta generando molti PDF: riprova tra poco");
  }
}

// [started, finished] renders, written by the workers: observability, and lets a test know a
// render is running in a worker while it checks that the server still answers.
const counters = new Int32Array(new SharedArrayBuffer(8));
let pool: Piscina | null = null;

/** The pool's threads: PDF_WORKERS, or one less than the cores (at least one). */
export function pdfWorkerCount() {
  return loadConfig().pdfWorkers ?? Math.max(1, os.availableParallelism() - 1);
}

function getPool(): Piscina {
  if (pool) return pool;
  // Built (`npm start` runs dist/server/main.js): the worker is the render-worker.js bundled
  // beside it, plain JavaScript. From the sources the worker is a TypeScript file: under `tsx`
  // (dev, scripts) process.execArgv carries tsx's loader and worker threads inherit it; elsewhere
  // (vitest) it is added with `--import tsx`.
  const built = import.meta.url.endsWith(".js");
  const hasTsx = built || process.execArgv.some((arg) => arg.includes("tsx"));
  pool = new Piscina({
    filename: new URL(built ? "./render-worker.js" : "./render-worker.ts", import.meta.url).href,
    minThreads: 0,
    maxThreads: pdfWorkerCount(),
    maxQueue: MAX_QUEUED_RENDERS,
    // A worker left idle for a minute exits, giving its memory (fonts, pdfkit) back.
    idleTimeout: 60_000,
    execArgv: hasTsx ? undefined : [...process.execArgv, "--import", "tsx"],
    workerData: { counters: counters.buffer },
  });
  return pool;
}

/** Renders in a worker thread; PdfPoolBusyError when too many renders already wait. */
export async function renderInPool(doc: TDocumentDefinitions): Promise<Buffer> {
  const p = getPool();
  if (p.queueSize >= MAX_QUEUED_RENDERS) throw new PdfPoolBusyError();
  let bytes: Uint8Array;
  try {
    bytes = await p.run(doc);
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new PdfPoolBusyError();
    // Developer error: a block put a function (a table layout, a footer) in the definition.
    if (err instanceof Error && err.name === "DataCloneError") {
      throw new Error(
        `PDF definition is not plain data (${err.message}): name a table layout from theme.ts instead of passing functions`,
        { cause: err },
      );
    }
    throw err;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Renders started and finished in the workers since the process started, and renders waiting. */
export function pdfPoolStats() {
  return {
    started: Atomics.load(counters, 0),
    finished: Atomics.load(counters, 1),
    queued: pool?.queueSize ?? 0,
    threads: pool?.threads.length ?? 0,
  };
}
