import { eq, sql } from "drizzle-orm";
import { sha256Hex } from "../documents/store";
import type { Queryable } from "../db/client";
import { files } from "../db/schema";
import { isSafeKey, type FileStorage, type FileInfo, type PutOptions } from "./storage";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const MIME_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  heic: "image/heic",
  pdf: "application/pdf",
  xml: "application/xml",
  csv: "text/csv",
  txt: "text/plain",
};

/**
 * The owner record a key belongs to, read from its prefix: `survey/<id>/<uuid>.jpg` belongs to
 * survey <id>; `outbox/<uuid>.pdf` and `settings/<uuid>.png` have a type and no id.
 */
export function ownerOfKey(key: string): { ownerType: string | null; ownerId: string | null } {
  const parts = key.split("/");
  if (parts.length < 2) return { ownerType: null, ownerId: null };
  const id = parts.length >= 3 && UUID_RE.test(parts[1]!) ? parts[1]! : null;
  return { ownerType: parts[0]!, ownerId: id };
}

export function mimeOfKey(key: string): string | null {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return (ext && MIME_BY_EXT[ext]) ?? null;
}

function checkKey(key: string) {
  if (!isSafeKey(key)) throw new Error("Chiave di archiviazione non valida");
}

/**
 * Files kept in PostgreSQL (table `files`), so that every instance of a cluster serves the same
 * bytes and one pg_dump holds everything. Chosen when DATABASE_URL is set; the modules see the
 * same FileStorage as with the disk. `db` may be a transaction: the file then comes and goes
 * with the caller's write (an outbox mail and its attachments, for instance).
 */
export function createDatabaseStorage(db: Queryable): FileStorage {
  return {
    async put(key, data, options?: PutOptions) {
      checkKey(key);
      const owner = ownerOfKey(key);
      const row = {
        key,
        bytes: data,
        size: data.length,
        sha256: sha256Hex(data),
        mimeType: options?.mimeType ?? mimeOfKey(key),
        ownerType: options?.ownerType ?? owner.ownerType,
        ownerId: options?.ownerId ?? owner.ownerId,
      };
      // Upsert: writing a key twice (a retried request, the migration run again) keeps one row.
      await db
        .insert(files)
        .values(row)
        .onConflictDoUpdate({
          target: files.key,
          set: {
            bytes: row.bytes,
            size: row.size,
            sha256: row.sha256,
            mimeType: row.mimeType,
            ownerType: row.ownerType,
            ownerId: row.ownerId,
          },
        });
    },
    async get(key) {
      checkKey(key);
      const [row] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.key, key));
      return row?.bytes ?? null;
    },
    async delete(key) {
      checkKey(key);
      await db.delete(files).where(eq(files.key, key));
    },
    async info(key): Promise<FileInfo | null> {
      checkKey(key);
      // The ETag without reading the bytes: a 304 costs one index lookup.
      const [row] = await db.select({ sha256: files.sha256, size: files.size }).from(files).where(eq(files.key, key));
      return row ?? null;
    },
  };
}

/** Keys already in the table with their sha256 (the migration skips those unchanged). */
export async function storedFileHashes(db: Queryable, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: files.key, sha256: files.sha256 })
    .from(files)
    .where(sql`${files.key} = any(${sql.param(keys)}::text[])`);
  return new Map(rows.map((r) => [r.key, r.sha256]));
}
