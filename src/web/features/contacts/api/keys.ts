/** Shared with other features (src/web/lib/query-keys.ts): they read or refresh this data too. */
export { contactKeys } from "@web/lib/query-keys";
