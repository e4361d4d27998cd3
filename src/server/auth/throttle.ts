import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tooManyRequests } from "../http/errors";
import { loginAttempts } from "../db/schema";

// Login throttling (docs/decisions/005-login-throttling.md, 012-one-time-links-and-lock-out.md):
// - the pair (user name, address): 5 attempts per window, then a lock that doubles each time;
//   an attacker hammering the admin from one address never locks the admin out elsewhere;
// - the address alone: 20 attempts per window across all user names (spraying one password),
//   then *slowed*, not locked: one check per slowSeconds, so an office behind one NAT still
//   signs in with right credentials while someone there sprays wrong ones;
// - the account's second factor: at most codeLimit wrong codes per window across every address,
//   then a lock that doubles (a password known to an attacker does not give unlimited guesses).
// Each attempt is reserved by ONE atomic upsert *before* the password is checked, so parallel
// requests cannot all read "4 failures so far" and all get checked.

export const THROTTLE = {
  pairLimit: 5,
  addressLimit: 20,
  windowSeconds: 15 * 60,
  /** First lock; every further lock of the same key doubles it, up to 2^MAX_DOUBLINGS times. */
  lockSeconds: 15 * 60,
  maxDoublings: 6,
  /** Over the address budget: one check per this many seconds from that address. */
  slowSeconds: 10,
  /** Wrong second-factor codes (and recovery codes) per account and window, all addresses together. */
  codeLimit: 10,
  /** A key that stayed unlocked this long starts again from the first lock length. */
  forgetLockoutsSeconds: 24 * 3600,
} as const;

const pairKey = (username: string, ip: string) => `user:${username.trim().toLowerCase()}|ip:${ip}`;
const addressKey = (ip: string) => `ip:${ip}`;
const codeKey = (userId: string) => `totp:${userId}`;

/**
 * Counts one attempt on the key and answers the seconds it stays locked (0: go ahead).
 * All decisions use the row as it was when this statement got its lock, in one statement.
 */
async function reserve(db: Db, key: string, limit: number): Promise<number> {
  const t = loginAttempts;
  const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > now())`;
  const expired = sql`(${t.windowStart} < now() - make_interval(secs => ${THROTTLE.windowSeconds}))`;
  const over = sql`(not ${expired} and ${t.failures} + 1 > ${limit})`;
  const forgotten = sql`(${t.lockedUntil} is null or ${t.lockedUntil} < now() - make_interval(secs => ${THROTTLE.forgetLockoutsSeconds}))`;
  const priorLockouts = sql`(case when ${forgotten} then 0 else ${t.lockouts} end)`;
  const lockEnd = sql`now() + make_interval(secs => ${THROTTLE.lockSeconds} * power(2, least(${priorLockouts}, ${THROTTLE.maxDoublings})))`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, lockouts: 0 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${locked} then ${t.failures} when ${expired} then 1 when ${over} then 0 else ${t.failures} + 1 end`,
        // After a lock the next window starts when the lock ends.
        windowStart: sql`case when ${locked} then ${t.windowStart} when ${expired} then now() when ${over} then ${lockEnd} else ${t.windowStart} end`,
        lockouts: sql`case when ${locked} then ${t.lockouts} when ${over} then ${priorLockouts} + 1 else ${t.lockouts} end`,
        lockedUntil: sql`case when ${locked} then ${t.lockedUntil} when ${over} then ${lockEnd} else ${t.lockedUntil} end`,
      },
    })
    .returning({
      retryAfter: sql<number>`coalesce(ceil(extract(epoch from (${t.lockedUntil} - now()))), 0)`.mapWith(Number),
    });
  return Math.max(0, row?.retryAfter ?? 0);
}

/**
 * The address counter: `limit` attempts per window, then one every slowSeconds (never a lock).
 * The row is taken FOR UPDATE, so parallel requests decide one after the other.
 */
async function reserveSlowly(db: Db, key: string, limit: number): Promise<number> {
  const t = loginAttempts;
  return db.transaction(async (tx) => {
    await tx.insert(t).values({ key, failures: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({
        failures: t.failures,
        expired: sql<boolean>`${t.windowStart} < now() - make_interval(secs => ${THROTTLE.windowSeconds})`,
        // clock_timestamp(): a request that waited for the row lock must not count from when its
        // transaction began (now()), which would announce more than slowSeconds.
        wait: sql<number>`coalesce(ceil(extract(epoch from (${t.lockedUntil} - clock_timestamp()))), 0)`.mapWith(
          Number,
        ),
      })
      .from(t)
      .where(eq(t.key, key))
      .for("update");
    if (!row || row.expired) {
      await tx
        .update(t)
        .set({ failures: 1, windowStart: sql`now()`, lockedUntil: null })
        .where(eq(t.key, key));
      return 0;
    }
    if (row.failures < limit) {
      await tx
        .update(t)
        .set({ failures: sql`${t.failures} + 1` })
        .where(eq(t.key, key));
      return 0;
    }
    if (row.wait > 0) return Math.min(row.wait, THROTTLE.slowSeconds);
    // Over the budget: this request takes the address's next slot.
    await tx
      .update(t)
      .set({
        failures: sql`${t.failures} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${THROTTLE.slowSeconds})`,
      })
      .where(eq(t.key, key));
    return 0;
  });
}

/**
 * Reserves one login attempt for (user name, address) and answers the seconds to wait, or 0 when
 * the password may be checked. The address counter goes first: a request refused by it does not
 * use up one of the pair's attempts.
 */
export async function reserveLoginAttempt(db: Db, username: string, ip: string): Promise<number> {
  const byAddress = await reserveSlowly(db, addressKey(ip), THROTTLE.addressLimit);
  if (byAddress > 0) return byAddress;
  return reserve(db, pairKey(username, ip), THROTTLE.pairLimit);
}

/** A correct password: the pair starts afresh and the attempt is given back to the address. */
export async function loginSucceeded(db: Db, username: string, ip: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, pairKey(username, ip)));
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(eq(loginAttempts.key, addressKey(ip)));
}

export const TOO_MANY_ATTEMPTS = "Troppi tentativi di accesso. Riprova tra qualche minuto.";

/**
 * Reserves an attempt like a login (password or code typed by someone who may be guessing) and
 * answers 429 with Retry-After when the key is locked.
 */
export async function reserveOrRefuse(db: Db, username: string, ip: string) {
  const retryAfter = await reserveLoginAttempt(db, username, ip);
  if (retryAfter > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, retryAfter);
}

export const TOO_MANY_CODES = "Troppi codici errati per questo account. Riprova tra qualche minuto.";

/**
 * A second-factor code (or recovery code) about to be checked: counted like a login attempt for
 * (user, address) and against the account's own ceiling across addresses. 429 when either is over.
 */
export async function reserveCodeOrRefuse(db: Db, user: { id: string; username: string }, ip: string) {
  await reserveOrRefuse(db, user.username, ip);
  const retryAfter = await reserve(db, codeKey(user.id), THROTTLE.codeLimit);
  if (retryAfter > 0) throw tooManyRequests(TOO_MANY_CODES, retryAfter);
}

/** A right code: the account's code counter and the pair start afresh. */
export async function codeSucceeded(db: Db, user: { id: string; username: string }, ip: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, codeKey(user.id)));
  await loginSucceeded(db, user.username, ip);
}
