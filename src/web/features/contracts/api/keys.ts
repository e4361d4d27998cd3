/** Shared with other features (src/web/lib/query-keys.ts): they read or refresh this data too. */
export { contractKeys } from "@web/lib/query-keys";
