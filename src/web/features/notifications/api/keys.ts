import { queryRoots } from "@web/lib/query-keys";
import type { BellAudience } from "./notifications";

/** The bell of each audience, apart: the office's and the client's lists never share a key. */
export const notificationKeys = {
  all: [queryRoots.notifications] as const,
  list: (audience: BellAudience) => [...notificationKeys.all, audience, "list"] as const,
};
