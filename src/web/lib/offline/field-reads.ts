/**
 * What the service worker may keep for a phone without signal (docs/domain/sites.md).
 * Shared by the service worker (src/web/sw.ts) and the page, so both speak of the same caches.
 *
 * Only the technician's reads are kept, and only while a technician is signed in: the page opens
 * FIELD_MARKER when the signed-in user is a tecnico and deletes it (with FIELD_CACHE) for anyone
 * else and at logout. The service worker neither stores nor serves a cached answer without the
 * marker, so an office user's answers (which carry money) are never written to the cache.
 */
export const FIELD_CACHE = "colmo-field-reads";
export const FIELD_MARKER = "colmo-field-tecnico";
/** The queue's own reads (a record's current version) must see the server, never the cache. */
export const SYNC_HEADER = "x-colmo-sync";
/** A day's answers are no use tomorrow: an entry older than this is dropped. */
export const FIELD_MAX_AGE_SECONDS = 24 * 60 * 60;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const exact = [
  /^\/api\/auth\/me$/,
  /^\/api\/company$/,
  /^\/api\/my-day$/,
  new RegExp(`^/api/surveys/${UUID}$`, "i"),
  new RegExp(`^/api/construction-sites/${UUID}$`, "i"),
];

/** A GET the technician's day needs offline: the day, the records he opened, their photos' list and thumbnails. */
export function isFieldRead(pathname: string, search: string): boolean {
  if (exact.some((re) => re.test(pathname))) return true;
  const params = new URLSearchParams(search);
  if (pathname === "/api/attachments") {
    return (
      (params.get("entityType") === "survey" || params.get("entityType") === "site") &&
      new RegExp(`^${UUID}$`, "i").test(params.get("entityId") ?? "")
    );
  }
  // Thumbnails only: the full photos and documents stay on the server.
  return (
    new RegExp(`^/api/attachments/${UUID}/file$`, "i").test(pathname) &&
    params.get("thumb") === "1" &&
    [...params.keys()].length === 1
  );
}
