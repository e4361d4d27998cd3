import { queryRoots } from "@web/lib/query-keys";

/** The firm's settings, as the settings page edits them. */
export const settingsKeys = {
  all: [queryRoots.settings] as const,
};
