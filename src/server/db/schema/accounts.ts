import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { userRoles } from "@domain/statuses";
import { clients } from "./clients";
import { createdAt, id, oneOf, timestampTz } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text().notNull(),
    passwordHash: text(),
    role: text({ enum: userRoles.values }).notNull().default("client"),
    clientId: uuid().references(() => clients.id, { onDelete: "cascade" }),
    active: boolean().notNull().default(true),
    /** sha256 of a one-time link token that lets a portal user choose a password. */
    inviteTokenHash: text(),
    inviteExpiresAt: timestampTz(),
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
 * Login throttling lives in the database so several app processes share it (decisions §1,
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
