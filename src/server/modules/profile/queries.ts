import { createHash } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { staffRoles, type UserRole } from "@domain/statuses";
import { describeUserAgent, type Profile, type SessionInfo } from "@domain/profile";
import type { Queryable } from "../../db/client";
import { companySettings, sessions, users } from "../../db/schema";

/**
 * The id a session has in the profile's list: a hash of the stored id (itself a hash of the
 * cookie), so nothing in the list or in a URL names a row of the sessions table directly.
 */
export const publicSessionId = (storedId: string) =>
  createHash("sha256").update(`session:${storedId}`).digest("hex").slice(0, 32);

export const isStaff = (role: UserRole) => (staffRoles as readonly string[]).includes(role);

export async function getProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      role: users.role,
      totpEnabledAt: users.totpEnabledAt,
      recoveryCodes: users.recoveryCodes,
      required:
        sql<boolean>`coalesce((select ${companySettings.requireTotpForAdmins} from ${companySettings} where ${companySettings.id} = 1), false)`.mapWith(
          Boolean,
        ),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const requiredForRole = row.role === "admin" && row.required;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    twoFactorAvailable: isStaff(row.role),
    twoFactorEnabledAt: row.totpEnabledAt,
    twoFactorSetupRequired: requiredForRole && !row.totpEnabledAt,
    twoFactorRequiredForRole: requiredForRole,
    recoveryCodesLeft: row.totpEnabledAt ? (row.recoveryCodes?.length ?? 0) : 0,
  };
}

/** The user's open sessions, the most recently used first; `currentId` is the stored id of this one. */
export async function listSessions(db: Queryable, userId: string, currentId: string): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((r) => ({
    id: publicSessionId(r.id),
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    ip: r.ip,
    ...describeUserAgent(r.userAgent),
    current: r.id === currentId,
  }));
}
