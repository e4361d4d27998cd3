import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "../db/client";
import { rowColumns } from "../db/schema/columns";
import { uploadsDir } from "../storage";
import { BACKUP_FORMAT, BACKUP_VERSION, countFiles, packDirectory, schemaFingerprint, type Manifest } from "./archive";
import { backupPlan, type TablePlan } from "./plan";

const PAGE = 1000;

/**
 * bytea columns (stored documents) come back as Buffers, which JSON would write as an array of
 * numbers: they travel as {"$base64": "…"} and restore.ts turns them back into bytes.
 */
function encodeRow(row: Record<string, unknown>) {
  let out: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Uint8Array) {
      out ??= { ...row };
      out[key] = { $base64: Buffer.from(value).toString("base64") };
    }
  }
  return out ?? row;
}

async function dumpTable(db: Queryable, plan: TablePlan, file: string): Promise<number> {
  const out = fs.createWriteStream(file, { encoding: "utf8" });
  const columns = plan.table as unknown as Record<string, PgColumn>;
  const order = plan.primaryKey.map((k) => asc(columns[k]!));
  let rows = 0;
  try {
    for (let offset = 0; ; offset += PAGE) {
      // Without the search text: generated from the other columns, as the restore's insert is.
      const page = (await db
        .select(rowColumns(plan.table))
        .from(plan.table)
        .orderBy(...order)
        .limit(PAGE)
        .offset(offset)) as Record<string, unknown>[];
      for (const row of page) {
        if (!out.write(JSON.stringify(encodeRow(row)) + "\n"))
          await new Promise<void>((r) => out.once("drain", () => r()));
      }
      rows += page.length;
      if (page.length < PAGE) break;
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  return rows;
}

/**
 * One archive with every table as JSON lines, in dependency order, and the uploaded files.
 * The tables are read in one repeatable-read transaction, so the dump is a consistent snapshot
 * even while the application is writing (PostgreSQL).
 */
export async function createBackup(database: Database, opts: { dataDir: string; file: string }): Promise<Manifest> {
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), "colmo-backup-"));
  try {
    await fs.promises.mkdir(path.join(staging, "database"));
    const plan = backupPlan();
    const tables = await database.db.transaction(
      async (tx) => {
        const out: Manifest["tables"] = [];
        for (const [i, table] of plan.entries()) {
          const file = `database/${String(i + 1).padStart(2, "0")}-${table.name}.jsonl`;
          out.push({ name: table.name, file, rows: await dumpTable(tx, table, path.join(staging, file)) });
        }
        return out;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const uploads = uploadsDir(opts.dataDir);
    // Regular files and folders only: a link in the uploads folder is not the installation's data,
    // and a restore refuses any archive that carries one.
    if (fs.existsSync(uploads))
      await fs.promises.cp(uploads, path.join(staging, "uploads"), {
        recursive: true,
        filter: async (src) => {
          const stat = await fs.promises.lstat(src);
          return stat.isFile() || stat.isDirectory();
        },
      });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      schema: schemaFingerprint(),
      database: database.kind,
      tables,
      uploads: await countFiles(path.join(staging, "uploads")),
    };
    await fs.promises.writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    await packDirectory(staging, opts.file);
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
