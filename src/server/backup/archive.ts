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

/** Why an archive is refused before anything is extracted (issue 26: a backup may be hostile). */
export class UnsafeArchiveError extends Error {}

/**
 * Only regular files and folders inside the archive's own tree: no symbolic or hard link, no
 * device or fifo, no absolute path and no `..`. Checked on the listing, before extracting, so a
 * hostile member is never written; the extracted tree is checked again with lstat.
 */
export async function assertSafeArchive(file: string) {
  const list = async (args: string[]) =>
    (await run("tar", [...args, path.resolve(file)], { maxBuffer: 256 * 1024 * 1024 })).stdout
      .split("\n")
      .filter(Boolean);
  const names = await list(["--quoting-style=escape", "-tzf"]);
  const verbose = await list(["--quoting-style=escape", "-tvzf"]);
  if (names.length !== verbose.length) throw new UnsafeArchiveError("elenco dei file illeggibile");
  names.forEach((name, i) => {
    const type = verbose[i]![0];
    if (type !== "-" && type !== "d") throw new UnsafeArchiveError(`${name} non è un file normale`);
    if (name.startsWith("/") || name.split("/").includes("..") || name.includes("\\"))
      throw new UnsafeArchiveError(`${name} è fuori dall'archivio`);
  });
}

/** Every entry under dir is a regular file or a folder (lstat: links are not followed). */
export async function assertPlainTree(dir: string) {
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() && !entry.isDirectory())
      throw new UnsafeArchiveError(
        `${path.relative(dir, path.join(entry.parentPath, entry.name))} non è un file normale`,
      );
  }
}

export async function unpackArchive(file: string, dir: string) {
  await assertSafeArchive(file);
  await run("tar", ["-xzf", path.resolve(file), "-C", dir, "--no-same-owner", "--no-same-permissions"]);
  await assertPlainTree(dir);
}

export async function countFiles(dir: string): Promise<number> {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  // Dirent types come from lstat: a link is counted as neither file nor folder.
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}
