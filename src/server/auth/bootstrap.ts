import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";
import { newToken } from "./tokens";

export async function adminExists(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(eq(users.role, "admin"));
  return (row?.n ?? 0) > 0;
}

/**
 * First start: create the administrator from ADMIN_USERNAME/ADMIN_PASSWORD, or hand out a
 * one-time setup token (printed in the log) for the /setup page. Returns that token, if any.
 */
export async function bootstrapAdmin(db: Db, admin: { username: string; password: string } | null) {
  if (await adminExists(db)) return null;
  if (admin) {
    await db
      .insert(users)
      .values({ username: admin.username, passwordHash: await hashPassword(admin.password), role: "admin" })
      .onConflictDoNothing();
    return null;
  }
  return newToken();
}
