import type { Config } from "../config";
import { createDiskStorage, uploadsDir, type FileStorage } from "./storage";

export { createDiskStorage, isSafeKey, newStorageKey, uploadsDir, type FileStorage } from "./storage";

/** The storage a configuration uses: today always the disk under DATA_DIR/uploads. */
export function storageFor(config: Pick<Config, "dataDir">): FileStorage {
  return createDiskStorage(uploadsDir(config.dataDir));
}
