import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { Piscina, workerData } from "piscina";
import { COLORS, TABLE_LAYOUTS } from "./theme";

// Runs inside a worker thread of the PDF pool (see pool.ts): turns a document definition, plain
// data built on the main thread, into PDF bytes. pdfmake lays out and compresses synchronously,
// so here a large document occupies this thread, never the one answering HTTP requests.
// Keep this file's imports small: every worker loads them at start.

// Renders are background work beside the HTTP answers: on Linux a thread's nice value is its own
// (setpriority on the calling thread), so a worker thread yields the cores to the request thread
// and the database when both want them, and still takes a whole idle core. Measured by
// `npm run bench` (/api/health while 20 PDFs render).
/** How much lower than the thread that started it (nice values go up to 19). */
export const PDF_WORKER_NICE_STEP = 10;
export const workerNice = (parentNice: number) => Math.min(19, parentNice + PDF_WORKER_NICE_STEP);
if (!isMainThread) {
  try {
    os.setPriority(workerNice(os.getPriority()));
  } catch {
    // Not permitted here: the render runs at the process's own priority.
  }
}

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");

let configured = false;
function configure() {
  if (configured) return;
  // Roboto TTFs from the package embedded in every PDF (so "è", "à", "€" always print right,
  // whatever the reader has installed).
  pdfmake.setFonts({
    Roboto: {
      normal: path.join(fontDir, "Roboto-Regular.ttf"),
      bold: path.join(fontDir, "Roboto-Medium.ttf"),
      italics: path.join(fontDir, "Roboto-Italic.ttf"),
      bolditalics: path.join(fontDir, "Roboto-MediumItalic.ttf"),
    },
  });
  // Images come in as data URLs we loaded ourselves; a document never fetches anything.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  pdfmake.addTableLayouts(TABLE_LAYOUTS);
  configured = true;
}

/**
 * The "author · Pagina X di Y" footer of every document: added here because a function cannot
 * be sent to a worker thread.
 */
function withPageFooter(doc: TDocumentDefinitions): TDocumentDefinitions {
  const left = doc.info?.author ?? "";
  return {
    ...doc,
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: left, fontSize: 8, color: COLORS.muted },
        { text: `Pagina ${currentPage} di ${pageCount}`, fontSize: 8, color: COLORS.muted, alignment: "right" },
      ],
      margin: [40, 15, 40, 0],
    }),
  };
}

/** Renders in the current thread: the worker's task, also usable directly by a script. */
export async function renderInThisThread(doc: TDocumentDefinitions): Promise<Buffer> {
  configure();
  return pdfmake.createPdf(withPageFooter(doc)).getBuffer();
}

// Shared with the main thread: [renders started, renders finished] (see pool.ts).
const counters: Int32Array | undefined = (workerData as { counters?: SharedArrayBuffer } | undefined)?.counters
  ? new Int32Array((workerData as { counters: SharedArrayBuffer }).counters)
  : undefined;

/** The pool's task: the bytes are moved (not copied) back to the main thread. */
export default async function render(doc: TDocumentDefinitions) {
  if (counters) Atomics.add(counters, 0, 1);
  let bytes: Buffer;
  try {
    bytes = await renderInThisThread(doc);
  } finally {
    if (counters) Atomics.add(counters, 1, 1);
  }
  const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // A Buffer may be a view on Node's shared pool: only a buffer of its own can be transferred.
  return Piscina.move(out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice());
}
