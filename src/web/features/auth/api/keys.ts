import { queryRoots } from "@web/lib/query-keys";

/** First start: whether the administrator is still to be created. The session is authKeys (src/web/lib/query-keys.ts). */
export const setupKeys = {
  status: [queryRoots.setup] as const,
};
