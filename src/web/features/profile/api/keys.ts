export const profileKeys = {
  all: ["profile"] as const,
  profile: ["profile", "me"] as const,
  sessions: ["profile", "sessions"] as const,
};
