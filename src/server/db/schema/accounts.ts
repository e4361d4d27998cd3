import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { userRoles } from "@domain/statuses";
import { clients } from "./clients";
import { createdAt, id, oneOf, timestampTz } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text().notNull(),
    /** Full name shown in the team list, the calendar and the activity log. */
    name: text(),
    email: text(),
    passwordHash: text(),
    role: text({ enum: userRoles.values }).notNull().default("client"),
    clientId: uuid().references(() => clients.id, { onDelete: "cascade" }),
    active: boolean().notNull().default(true),
    /** sha256 of a one-time link token that lets a portal user choose a password. */
    inviteTokenHash: text(),
    inviteExpiresAt: timestampTz(),
    /** TOTP secret (base32), set at enrolment; two-factor is on once totpEnabledAt is set. */
    totpSecret: text(),
    totpEnabledAt: timestampTz(),
    /** sha256 of each unused one-time recovery code. */
    recoveryCodes: jsonb().$type<string[]>(),
    /** Colour of the technician in the calendar (#rrggbb). */
    color: text(),
    createdAt: createdAt(),
    lastLoginAt: timestampTz(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    check("users_role_check", oneOf(t.role, userRoles.values)),
    check("users_client_role_check", sql`${t.role} <> 'client' or ${t.clientId} is not null`),
    index("users_client_idx").on(t.clientId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie token: a leaked table does not give working sessions. */
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestampTz().notNull().defaultNow(),
    expiresAt: timestampTz().notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Login throttling lives in the database so several app processes share it (docs/domain/operations.md,
 * docs/decisions/005-login-throttling.md). `failures` counts attempts in the window, reserved
 * before the password is checked; `lockouts` makes each new lock of the same key longer.
 */
export const loginAttempts = pgTable("login_attempts", {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: timestampTz().notNull().defaultNow(),
  lockedUntil: timestampTz(),
  lockouts: integer().notNull().default(0),
});

/**
 * The second step of a login with two-factor: the password was right, a code is still owed.
 * Only the sha256 of the challenge token is kept; it lives a few minutes and allows few tries.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestampTz().notNull(),
    attempts: integer().notNull().default(0),
  },
  (t) => [index("login_challenges_user_idx").on(t.userId)],
);
