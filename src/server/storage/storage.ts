import { createHash, randomUUID } from "node:crypto";
import { constants } from "node:fs";
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
  return (
    key.length <= 300 && KEY_RE.test(key) && !key.split("/").some((s) => s === "." || s === ".." || s.includes(".."))
  );
}

/** A fresh key for a file of a record: `survey/<id>/<uuid>.jpg`. */
export function newStorageKey(prefix: string, ext: string): string {
  const key = `${prefix}/${randomUUID()}.${ext}`.toLowerCase();
  if (!isSafeKey(key)) throw new Error(`Chiave di archiviazione non valida: ${key}`);
  return key;
}

const UNSAFE = "Chiave di archiviazione non valida";

/** True when the path (or a folder on the way) is not there yet. */
const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(UNSAFE);
    const full = path.resolve(base, key);
    // Belt and braces: the regex already forbids escaping the root.
    if (!full.startsWith(base + path.sep)) throw new Error(UNSAFE);
    return full;
  };
  /**
   * Links are never followed (issue 26: a restored archive could have planted one): every folder
   * between the root and the file must be a real folder (lstat), and the file itself is opened
   * with O_NOFOLLOW. A link anywhere answers "invalid key", never the bytes it points to.
   */
  const assertNoLinks = async (full: string) => {
    let dir = path.dirname(full);
    const folders: string[] = [];
    while (dir.length > base.length) {
      folders.unshift(dir);
      dir = path.dirname(dir);
    }
    for (const folder of folders) {
      try {
        if (!(await fs.lstat(folder)).isDirectory()) throw new Error(UNSAFE);
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
    }
  };
  const openPlain = async (full: string, flags: number) => {
    await assertNoLinks(full);
    let handle;
    try {
      handle = await fs.open(full, flags | constants.O_NOFOLLOW);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ELOOP") throw new Error(UNSAFE);
      throw err;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new Error(UNSAFE);
    }
    return handle;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await assertNoLinks(full);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await assertNoLinks(full);
      // Write aside then rename, so a crash never leaves half a photo under the real name. The
      // temporary name is created exclusively (O_EXCL never follows a planted link), and rename
      // replaces a link at the final name rather than writing through it.
      const tmp = `${full}.${process.pid}.${randomUUID()}.tmp`;
      const handle = await fs.open(
        tmp,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o644,
      );
      try {
        await handle.writeFile(data);
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, full);
    },
    async get(key) {
      const full = resolve(key);
      try {
        const handle = await openPlain(full, constants.O_RDONLY);
        try {
          return await handle.readFile();
        } finally {
          await handle.close();
        }
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const full = resolve(key);
      await assertNoLinks(full);
      // rm removes a link itself, never its target.
      await fs.rm(full, { force: true });
    },
    async info(key) {
      const data = await this.get(key);
      return data ? { sha256: createHash("sha256").update(data).digest("hex"), size: data.length } : null;
    },
  };
}

/** The uploads folder of a configuration's DATA_DIR. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");
