import { eq, sql } from "drizzle-orm";
import { passwordProblem } from "@domain/passwords";
import type { Db, Queryable } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";
import { newToken } from "./tokens";

export async function adminExists(db: Queryable) {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(eq(users.role, "admin"));
  return (row?.n ?? 0) > 0;
}

/**
 * Serialises the creation of the first administrator until the transaction ends, across every
 * process sharing the database: "no admin yet? then insert" cannot run twice at once.
 */
export async function lockAdminCreation(tx: Queryable) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('colmo:first-admin'))`);
}

/**
 * First start: create the administrator from ADMIN_USERNAME/ADMIN_PASSWORD, or hand out a
 * one-time setup token (printed in the log) for the /setup page. Returns that token, if any.
 * A weak ADMIN_PASSWORD stops the start with the reason: the policy holds for every account.
 */
export async function bootstrapAdmin(db: Db, admin: { username: string; password: string } | null) {
  if (await adminExists(db)) return null;
  if (admin) {
    const problem = passwordProblem(admin.password, admin.username);
    if (problem) throw new Error(`ADMIN_PASSWORD non accettata: ${problem}. Scegli una password più robusta e riavvia.`);
    const passwordHash = await hashPassword(admin.password);
    await db.transaction(async (tx) => {
      await lockAdminCreation(tx);
      if (await adminExists(tx)) return;
      await tx.insert(users).values({ username: admin.username, passwordHash, role: "admin" }).onConflictDoNothing();
    });
    return null;
  }
  return newToken();
}
