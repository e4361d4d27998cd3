import fs from "node:fs/promises";
import path from "node:path";
import { sha256Hex } from "../documents/store";
import type { Queryable } from "../db/client";
import { createDatabaseStorage, storedFileHashes } from "./database";
import { isSafeKey } from "./storage";

export interface FilesMigrationReport {
  /** Files found under the uploads folder. */
  found: number;
  /** Copied into the table (new, or changed since an earlier run). */
  copied: number;
  /** Already in the table with the same sha256: left alone. */
  unchanged: number;
  /** Not a storage key (temporary files of an interrupted write, stray names): listed, not copied. */
  skipped: string[];
  bytes: number;
}

async function* walk(dir: string, prefix = ""): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(path.join(dir, e.name), rel);
    else if (e.isFile()) yield rel;
  }
}

/**
 * Copies the files of the disk storage (DATA_DIR/uploads) into the `files` table, once: a key
 * already there with the same sha256 is skipped, so the command can be stopped and run again
 * at any point. The disk files stay where they are (delete them by hand once satisfied).
 */
export async function migrateFilesToDatabase(
  db: Queryable,
  uploads: string,
  opts: { batch?: number; onProgress?: (r: FilesMigrationReport) => void } = {},
): Promise<FilesMigrationReport> {
  const storage = createDatabaseStorage(db);
  const report: FilesMigrationReport = { found: 0, copied: 0, unchanged: 0, skipped: [], bytes: 0 };
  const batchSize = opts.batch ?? 100;
  let batch: string[] = [];
  const flush = async () => {
    const known = await storedFileHashes(db, batch);
    for (const key of batch) {
      const data = await fs.readFile(path.join(uploads, ...key.split("/")));
      if (known.get(key) === sha256Hex(data)) {
        report.unchanged++;
        continue;
      }
      // One statement per file: a run stopped half way leaves whole files only.
      await storage.put(key, data);
      report.copied++;
      report.bytes += data.length;
    }
    batch = [];
    opts.onProgress?.(report);
  };
  for await (const key of walk(uploads)) {
    report.found++;
    if (!isSafeKey(key) || key.endsWith(".tmp")) {
      report.skipped.push(key);
      continue;
    }
    batch.push(key);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length) await flush();
  return report;
}
