import { openDB, type IDBPDatabase } from "idb";
import { FIELD_CACHE, FIELD_MARKER } from "./field-reads";
import type { QueuedWrite, QueueStore } from "./queue";

/** The queue lives in IndexedDB: it survives a reload, closing the app and restarting the phone. */
export const QUEUE_DB = "colmo-offline";
const ITEMS = "writes";

let db: Promise<IDBPDatabase> | null = null;
const open = () =>
  (db ??= openDB(QUEUE_DB, 1, {
    upgrade(d) {
      d.createObjectStore(ITEMS, { keyPath: "id" });
    },
  }));

export const idbStore: QueueStore = {
  all: async () => (await (await open()).getAll(ITEMS)) as QueuedWrite[],
  put: async (item) => void (await (await open()).put(ITEMS, item)),
  delete: async (id) => void (await (await open()).delete(ITEMS, id)),
  clear: async () => void (await (await open()).clear(ITEMS)),
};

/**
 * The service worker keeps the technician's reads only while FIELD_MARKER exists (field-reads.ts):
 * opened for a tecnico, deleted with the reads for anyone else.
 */
let caching: Promise<unknown> = Promise.resolve();
export function setFieldCaching(on: boolean): Promise<unknown> {
  if (!("caches" in window)) return caching;
  // In the order asked: the login page's "nobody" must not delete the marker after the sign-in's "tecnico".
  const apply = (): Promise<unknown> =>
    on ? caches.open(FIELD_MARKER) : Promise.all([caches.delete(FIELD_MARKER), caches.delete(FIELD_CACHE)]);
  caching = caching.then(apply, apply);
  return caching;
}

/** Logout: no cached answer and no queued write stays on the phone. */
export async function clearOfflineData() {
  await idbStore.clear();
  if ("caches" in window) {
    // Every cache but Workbox's precache: that is the app's own code, the same for everyone and
    // holding no answer of the API; without it the next start without signal could not open.
    for (const name of await caches.keys()) if (!name.startsWith("workbox-precache")) await caches.delete(name);
  }
}
