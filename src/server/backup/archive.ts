import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { migrationsFolder } from "../db/client";

const run = promisify(execFile);

export const BACKUP_FORMAT = "colmo-backup";
export const BACKUP_VERSION = 1;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Fingerprint of the migrations: a backup restores only into the same schema. */
  schema: string;
  database: "pglite" | "postgresql";
  tables: { name: string; file: string; rows: number }[];
  uploads: number;
}

/** sha256 of the migration files, in order. */
export function schemaFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of fs
    .readdirSync(migrationsFolder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest("hex");
}

// The system tar (GNU tar on Linux, bsdtar on macOS and Windows 10+) streams large upload
// folders without holding them in memory.
export async function packDirectory(dir: string, file: string) {
  await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await run("tar", ["-czf", path.resolve(file), "-C", dir, "."]);
}

export async function unpackArchive(file: string, dir: string) {
  await run("tar", ["-xzf", path.resolve(file), "-C", dir]);
}

export async function countFiles(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}
