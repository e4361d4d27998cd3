/** Shared with other features (src/web/lib/query-keys.ts): issuing an invoice queues a message. */
export { outboxKeys } from "@web/lib/query-keys";
