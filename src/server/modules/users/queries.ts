import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { staffRoles } from "@domain/statuses";
import type { UserListParams, UserStatus } from "@domain/users";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema";
import { countCapped, countedRow, likePattern, orderBy } from "../../lib/list";

type ListParams = UserListParams & { limit: number; offset: number };

/** Derived, never stored: a disabled account, one waiting for its first password, or a working one. */
const status = sql<UserStatus>`case when not ${users.active} then 'disattivato' when ${users.passwordHash} is null then 'invitato' else 'attivo' end`;

/** The columns every answer carries: never the password hash, the link's hash or TOTP secrets. */
export const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  color: users.color,
  disabled: sql<boolean>`not ${users.active}`,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
  status,
  inviteExpiresAt: users.inviteExpiresAt,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

/** Only the firm's people: portal accounts live on the client page. */
const isStaff = inArray(users.role, [...staffRoles]);

const statusFilter: Record<UserStatus, SQL> = {
  disattivato: eq(users.active, false),
  invitato: and(eq(users.active, true), isNull(users.passwordHash))!,
  attivo: and(eq(users.active, true), sql`${users.passwordHash} is not null`)!,
};

function listWhere(params: ListParams): SQL | undefined {
  const filters: (SQL | undefined)[] = [isStaff];
  if (params.q) {
    const p = likePattern(params.q);
    filters.push(or(ilike(users.username, p), ilike(users.name, p), ilike(users.email, p)));
  }
  if (params.role) filters.push(eq(users.role, params.role));
  if (params.status) filters.push(statusFilter[params.status]);
  return and(...filters);
}

export async function listUsers(db: Queryable, params: ListParams) {
  const byName = sql`lower(coalesce(${users.name}, ${users.username}))`;
  return db
    .select(userColumns)
    .from(users)
    .where(listWhere(params))
    .orderBy(
      ...orderBy(
        params.sort,
        {
          username: sql`lower(${users.username})`,
          name: byName,
          role: users.role,
          createdAt: users.createdAt,
          lastLoginAt: users.lastLoginAt,
        },
        [byName, desc(users.id)],
      ),
    )
    .limit(params.limit)
    .offset(params.offset);
}

export function countUsers(db: Queryable, params: ListParams) {
  return countCapped(db, db.select(countedRow).from(users).where(listWhere(params)).$dynamic());
}

/** A staff account by id, or null (a portal account answers null too). */
export async function findUser(db: Queryable, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  return row ?? null;
}

export async function usernameTaken(db: Queryable, username: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return Boolean(row && row.id !== exceptId);
}

/**
 * Serialises every change that could leave the firm without an active administrator, across
 * processes sharing the database, until the transaction ends. Under READ COMMITTED the count
 * that follows takes a fresh snapshot, so it sees what the previous holder committed.
 */
export async function lockAdmins(tx: Queryable) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('colmo:active-admins'))`);
}

export async function countActiveAdmins(db: Queryable) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true)));
  return row?.n ?? 0;
}
