import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

/** Failures allowed per window before the key is locked; per user name and per IP (decisions §2). */
const LIMITS = { user: 5, ip: 20 } as const;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;

const keysFor = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

/** Seconds until the login may be tried again, or 0. */
export async function loginRetryAfter(db: Db, username: string, ip: string): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, keysFor(username, ip)));
  const until = Math.max(0, ...rows.map((r) => (r.lockedUntil ? new Date(r.lockedUntil).getTime() : 0)));
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
}

export async function recordLoginFailure(db: Db, username: string, ip: string) {
  for (const key of keysFor(username, ip)) {
    const limit = key.startsWith("user:") ? LIMITS.user : LIMITS.ip;
    // One statement per key: concurrent failures from several processes still add up.
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${WINDOW_MS / 1000}) then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${WINDOW_MS / 1000}) then now() else ${loginAttempts.windowStart} end`,
        },
      });
    await db
      .update(loginAttempts)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCK_MS / 1000})`, failures: 0, windowStart: sql`now()` })
      .where(sql`${loginAttempts.key} = ${key} and ${loginAttempts.failures} >= ${limit}`);
  }
}

export async function clearLoginFailures(db: Db, username: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `user:${username.toLowerCase()}`));
}
