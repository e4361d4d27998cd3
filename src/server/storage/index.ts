import type { Config } from "../config";
import type { Queryable } from "../db/client";
import { createDatabaseStorage } from "./database";
import { createDiskStorage, uploadsDir, type FileStorage } from "./storage";

export { createDatabaseStorage } from "./database";
export { createDiskStorage, isSafeKey, newStorageKey, uploadsDir, type FileInfo, type FileStorage, type PutOptions } from "./storage";

/**
 * The storage a configuration uses: PostgreSQL's `files` table when DATABASE_URL is set (every
 * instance of a cluster sees the same files), else the disk under DATA_DIR/uploads.
 */
export function storageFor(config: Pick<Config, "dataDir" | "databaseUrl">, db: Queryable): FileStorage {
  return config.databaseUrl ? createDatabaseStorage(db) : createDiskStorage(uploadsDir(config.dataDir));
}
