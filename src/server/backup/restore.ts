import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, Tx } from "../db/client";
import { companySettings } from "../db/schema";
import { uploadsDir } from "../storage";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  schemaFingerprint,
  unpackArchive,
  UnsafeArchiveError,
  type Manifest,
} from "./archive";
import { backupPlan, type TablePlan } from "./plan";

const BATCH = 250;

export class RestoreError extends Error {}

/** The bytes of a bytea column, written by backup.ts as {"$base64": "…"}. */
function decodeRow(row: Record<string, unknown>) {
  for (const [key, value] of Object.entries(row)) {
    if (value && typeof value === "object" && typeof (value as { $base64?: unknown }).$base64 === "string") {
      row[key] = Buffer.from((value as { $base64: string }).$base64, "base64");
    }
  }
  return row;
}

async function* readRows(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line.trim()) yield decodeRow(JSON.parse(line) as Record<string, unknown>);
}

/** Refuses anything but an empty installation: a restore never merges into live data. */
async function assertEmpty(database: Database, plan: TablePlan[]) {
  for (const table of plan) {
    // The settings row is created with defaults on first read; it is replaced, not merged.
    if (table.table === companySettings) continue;
    const [row] = await database.db.select({ n: count() }).from(table.table);
    if (Number(row?.n ?? 0) > 0) {
      throw new RestoreError(
        `L'installazione non è vuota (tabella ${table.name}): il ripristino richiede un database nuovo.`,
      );
    }
  }
}

async function insertTable(tx: Tx, plan: TablePlan, file: string, deferredUpdates: (() => Promise<unknown>)[]) {
  const columns = plan.table as unknown as Record<string, PgColumn>;
  let batch: Record<string, unknown>[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length) await tx.insert(plan.table).values(batch);
    rows += batch.length;
    batch = [];
  };
  for await (const row of readRows(file)) {
    if (plan.deferred.length) {
      const later = Object.fromEntries(plan.deferred.filter((k) => row[k] != null).map((k) => [k, row[k]]));
      if (Object.keys(later).length) {
        const where = and(...plan.primaryKey.map((k) => eq(columns[k]!, row[k]))) as SQL;
        deferredUpdates.push(() => tx.update(plan.table).set(later).where(where));
        for (const k of plan.deferred) row[k] = null;
      }
    }
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return rows;
}

/**
 * Restores an archive of createBackup into an empty installation: every table in one
 * transaction (all or nothing), then the uploaded files. Works on PGlite and PostgreSQL alike.
 */
export async function restoreBackup(database: Database, opts: { dataDir: string; file: string }) {
  if (!fs.existsSync(opts.file)) throw new RestoreError(`File non trovato: ${opts.file}`);
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), "colmo-restore-"));
  const targetUploads = uploadsDir(opts.dataDir);
  let copiedUploads = false;
  try {
    try {
      await unpackArchive(opts.file, staging);
    } catch (err) {
      if (err instanceof UnsafeArchiveError)
        throw new RestoreError(`Archivio non sicuro, nulla è stato ripristinato: ${err.message}.`);
      throw new RestoreError("Archivio non leggibile: serve un file .tar.gz creato con npm run backup.");
    }
    const manifestFile = path.join(staging, "manifest.json");
    if (!fs.existsSync(manifestFile)) throw new RestoreError("Archivio non valido: manca manifest.json.");
    const manifest = JSON.parse(await fs.promises.readFile(manifestFile, "utf8")) as Manifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
      throw new RestoreError("Archivio non riconosciuto come backup di Colmo.");
    if (manifest.schema !== schemaFingerprint()) {
      throw new RestoreError(
        "Il backup è stato creato con una versione diversa dello schema del database: ripristinalo con la stessa versione dell'applicazione.",
      );
    }

    const plan = backupPlan();
    const files = new Map(manifest.tables.map((t) => [t.name, t]));
    const unknown = manifest.tables.filter((t) => !plan.some((p) => p.name === t.name));
    if (unknown.length)
      throw new RestoreError(`Tabelle sconosciute nel backup: ${unknown.map((t) => t.name).join(", ")}`);
    await assertEmpty(database, plan);

    const sourceUploads = path.join(staging, "uploads");
    if (fs.existsSync(sourceUploads)) {
      if (fs.existsSync(targetUploads) && (await fs.promises.readdir(targetUploads)).length) {
        throw new RestoreError(`La cartella dei file caricati non è vuota: ${targetUploads}`);
      }
      // The tree holds only regular files and folders (unpackArchive checked it with lstat).
      await fs.promises.cp(sourceUploads, targetUploads, { recursive: true, errorOnExist: true, force: false });
      copiedUploads = true;
    }

    const restored: { name: string; rows: number }[] = [];
    await database.db.transaction(async (tx) => {
      await tx.delete(companySettings);
      const deferredUpdates: (() => Promise<unknown>)[] = [];
      for (const table of plan) {
        const entry = files.get(table.name);
        if (!entry) continue;
        const rows = await insertTable(tx, table, path.join(staging, entry.file), deferredUpdates);
        if (rows !== entry.rows)
          throw new RestoreError(`Tabella ${table.name}: attese ${entry.rows} righe, lette ${rows}.`);
        restored.push({ name: table.name, rows });
      }
      for (const update of deferredUpdates) await update();
    });
    return { manifest, tables: restored };
  } catch (err) {
    // Nothing half restored: the transaction rolled back, the copied files go too.
    if (copiedUploads) await fs.promises.rm(targetUploads, { recursive: true, force: true });
    throw err;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
