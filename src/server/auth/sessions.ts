import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { SessionUser } from "@domain/auth";
import type { Db } from "../db/client";
import { clients, companySettings, sessions, users } from "../db/schema";
import { preparedRead } from "../lib/prepared";
import { hashToken, newToken } from "./tokens";

export const SESSION_COOKIE = "colmo_session";
/** Refresh the sliding expiry at most once a minute, not on every request. */
const TOUCH_AFTER_MS = 60_000;

export async function createSession(db: Db, userId: string, idleMs: number, meta: { ip?: string; userAgent?: string }) {
  const token = newToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + idleMs).toISOString(),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The columns of a session user, for the session lookup and the login's answer. Whether an
 * admin must enrol two-factor is read at every request (not stored on the session), so turning
 * the company setting on reaches sessions that are already open.
 */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  clientId: users.clientId,
  clientName: clients.name,
  name: users.name,
  twoFactorEnabled: sql<boolean>`(${users.totpEnabledAt} is not null)`.mapWith(Boolean),
  twoFactorSetupRequired: sql<boolean>`(${users.role} = 'admin' and ${users.totpEnabledAt} is null and coalesce((select ${companySettings.requireTotpForAdmins} from ${companySettings} where ${companySettings.id} = 1), false))`.mapWith(Boolean),
};

/**
 * One statement per request: the session, its user and the two-factor setting by primary keys
 * (EXPLAIN: four index scans, docs/decisions/013-dashboard-speed.md, "Session lookup"). It runs on
 * every request, so it is built once per database and prepared (lib/prepared.ts): drizzle no longer assembles it each
 * time and PostgreSQL parses and plans it once per connection (in-process at scale 500, 4 in
 * flight, 3,000 calls: 540–700 µs of CPU per call built each time, 170–190 µs prepared).
 * The sliding expiry is written only when the last write is a minute old (TOUCH_AFTER_MS), with the
 * database's clock on both sides: a session ends idleMs after the request that last refreshed
 * it, so between idleMs − 1 min and idleMs after the user's last request, never later.
 */
const readSessionUser = preparedRead("colmo_session_user", (db) =>
  db
    .select({
      ...sessionUserColumns,
      stale: sql<boolean>`(${sessions.lastSeenAt} <= now() - make_interval(secs => ${TOUCH_AFTER_MS / 1000}))`.mapWith(Boolean),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql`now()`), eq(users.active, true)))
    .limit(1),
);

export async function findSessionUser(db: Db, token: string, idleMs: number): Promise<SessionUser | null> {
  const id = hashToken(token);
  const [row] = await readSessionUser(db, { id });
  if (!row) return null;
  if (row.stale) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${idleMs / 1000})` })
      .where(eq(sessions.id, id));
  }
  const { stale: _stale, ...user } = row;
  return user;
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
