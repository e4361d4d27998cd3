import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** What a caller may tell about a file; without it the type comes from the extension, the owner from the key. */
export interface PutOptions {
  mimeType?: string;
  ownerType?: string;
  ownerId?: string;
}

/** The identity of stored bytes: their sha256 is the strong ETag of every download. */
export interface FileInfo {
  sha256: string;
  size: number;
}

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR (the embedded
 * default); with DATABASE_URL they live in PostgreSQL's `files` table (storage/database.ts), so
 * several instances share them. An object store could replace either behind the same calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /** The file's bytes, or null when it is not there. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** sha256 and size, or null when the file is not there. */
  info(key: string): Promise<FileInfo | null>;
}

// Lower-case segments of letters, digits, dot, dash and underscore: no "..", no absolute
// paths, no backslashes, so a key can never point outside the storage root.
const KEY_RE = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 300 && KEY_RE.test(key) && !key.split("/").some((s) => s === "." || s === ".." || s.includes(".."));
}

/** A fresh key for a file of a record: `survey/<id>/<uuid>.jpg`. */
export function newStorageKey(prefix: string, ext: string): string {
  const key = `${prefix}/${randomUUID()}.${ext}`.toLowerCase();
  if (!isSafeKey(key)) throw new Error(`Chiave di archiviazione non valida: ${key}`);
  return key;
}

export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error("Chiave di archiviazione non valida");
    const full = path.resolve(base, key);
    // Belt and braces: the regex already forbids escaping the root.
    if (!full.startsWith(base + path.sep)) throw new Error("Chiave di archiviazione non valida");
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write aside then rename, so a crash never leaves half a photo under the real name.
      const tmp = `${full}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async info(key) {
      const data = await this.get(key);
      return data ? { sha256: createHash("sha256").update(data).digest("hex"), size: data.length } : null;
    },
  };
}

/** The uploads folder of a configuration's DATA_DIR. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");
