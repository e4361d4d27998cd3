import { queryRoots } from "@web/lib/query-keys";
export const profileKeys = {
  all: [queryRoots.profile] as const,
  profile: [queryRoots.profile, "me"] as const,
  sessions: [queryRoots.profile, "sessions"] as const,
};
