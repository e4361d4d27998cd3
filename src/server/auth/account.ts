import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { passwordProblem } from "@domain/passwords";
import type { Db } from "../db/client";
import { clients, loginChallenges, sessions, users } from "../db/schema";
import { badRequest, HttpError, unauthorized } from "../http/errors";
import { recordActivity } from "../modules/activity/record";
import type { Actor } from "./actor";
import { adminExists, lockAdminCreation } from "./bootstrap";
import { hashPassword, verifyPassword } from "./passwords";
import { sessionUserColumns } from "./sessions";
import { codeSucceeded, loginSucceeded, reserveCodeOrRefuse, reserveOrRefuse } from "./throttle";
import { hashToken, newToken } from "./tokens";
import { purgeExpiredChallenges, useRecoveryCode, useTotpCode } from "./totp";

// The account's own steps behind /api/auth and /api/setup: the routes keep the cookie and the
// HTTP answer, the SQL is here.

const WRONG_CURRENT = "Password attuale non corretta";
const CHALLENGE_GONE = "Accesso scaduto: inserisci di nuovo nome utente e password";
const WRONG_CODE = "Codice non valido o già usato";
/** The second step of a login: how long the password stays "just typed", and how many codes. */
export const CHALLENGE = { ttlSeconds: 5 * 60, maxAttempts: 5 } as const;

/** The user a login answers with (the same shape as `GET /api/auth/me`). */
export async function sessionUserOf(db: Db, userId: string) {
  const [user] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, userId));
  return user!;
}

export async function markSignedIn(db: Db, userId: string) {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * The password step of a login: the user id to sign in, or a challenge when a second-factor
 * code is owed. Throttled before the password is checked: a burst cannot outrun the counter.
 */
export async function checkLogin(
  db: Db,
  username: string,
  password: string,
  ip: string,
): Promise<{ userId: string } | { twoFactorRequired: true; challenge: string; expiresInSeconds: number }> {
  await reserveOrRefuse(db, username, ip);
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      active: users.active,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok || !user.active) throw unauthorized("Credenziali non valide");
  // A right password is never a failure, even when a code is still owed (decision 012): the
  // codes have their own ceiling per account, across addresses.
  await loginSucceeded(db, username, ip);
  if (!user.totpEnabledAt) return { userId: user.id };
  await purgeExpiredChallenges(db);
  const challenge = newToken();
  await db.insert(loginChallenges).values({
    id: hashToken(challenge),
    userId: user.id,
    expiresAt: new Date(Date.now() + CHALLENGE.ttlSeconds * 1000).toISOString(),
  });
  return { twoFactorRequired: true as const, challenge, expiresInSeconds: CHALLENGE.ttlSeconds };
}

/** The code step of a login: the user id to sign in once the code (or a recovery code) is right. */
export async function checkLoginCode(
  db: Db,
  body: { challenge: string } & ({ code: string } | { recoveryCode: string }),
  ip: string,
): Promise<string> {
  const id = hashToken(body.challenge);
  // One atomic step counts the attempt: parallel guesses cannot share a count of 4.
  const [challenge] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id, id),
        gt(loginChallenges.expiresAt, sql`now()`),
        lt(loginChallenges.attempts, CHALLENGE.maxAttempts),
      ),
    )
    .returning({ userId: loginChallenges.userId, attempts: loginChallenges.attempts });
  if (!challenge) {
    await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    throw unauthorized(CHALLENGE_GONE);
  }
  const [user] = await db
    .select({
      username: users.username,
      active: users.active,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, challenge.userId));
  if (!user || !user.active || !user.totpEnabledAt || !user.totpSecret) {
    await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    throw unauthorized(CHALLENGE_GONE);
  }
  await reserveCodeOrRefuse(db, { id: challenge.userId, username: user.username }, ip);
  let recoveryLeft: number | null = null;
  const ok =
    "code" in body
      ? await useTotpCode(db, challenge.userId, user.totpSecret, body.code)
      : (recoveryLeft = await useRecoveryCode(db, challenge.userId, body.recoveryCode)) !== null;
  if (!ok) {
    const field = "code" in body ? "code" : "recoveryCode";
    const message = "code" in body ? WRONG_CODE : "Codice di recupero non valido o già usato";
    if (challenge.attempts >= CHALLENGE.maxAttempts) {
      await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
      throw new HttpError(401, `${message}. ${CHALLENGE_GONE}`, { [field]: message }, "challenge_expired");
    }
    throw new HttpError(401, message, { [field]: message });
  }
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
  await codeSucceeded(db, { id: challenge.userId, username: user.username }, ip);
  if (recoveryLeft !== null)
    await recordActivity(db, null, {
      action: "update",
      entityType: "user",
      entityId: challenge.userId,
      description: `${user.username} ha usato un codice di recupero per accedere (ne restano ${recoveryLeft})`,
    });
  return challenge.userId;
}

/**
 * A logged-in user changes their password: the current one is checked (throttled like a login,
 * a stolen session must not guess it) and every other session of the user ends.
 */
export async function changePassword(
  db: Db,
  me: Actor,
  ip: string,
  currentSessionToken: string,
  input: { currentPassword: string; newPassword: string },
) {
  const { currentPassword, newPassword } = input;
  await reserveOrRefuse(db, me.username, ip);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.userId));
  if (!(await verifyPassword(currentPassword, row?.passwordHash ?? null)))
    throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  await loginSucceeded(db, me.username, ip);
  if (newPassword === currentPassword)
    throw badRequest("Password: deve essere diversa da quella attuale", {
      newPassword: "Password: deve essere diversa da quella attuale",
    });
  const problem = passwordProblem(newPassword, me.username);
  if (problem) throw badRequest(problem, { newPassword: problem });
  const passwordHash = await hashPassword(newPassword);
  const current = hashToken(currentSessionToken);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, me.userId));
    // Every other session of the user ends (a thief's included); this one goes on.
    await tx.delete(sessions).where(and(eq(sessions.userId, me.userId), ne(sessions.id, current)));
    await recordActivity(tx, me, {
      action: "update",
      entityType: "user",
      entityId: me.userId,
      description: `${me.username} ha cambiato la password`,
    });
  });
}

/**
 * The first administrator of an empty installation. Check and insert under one lock: ten
 * parallel requests with the right code make one admin; the others get `configured()`.
 */
export async function createFirstAdmin(
  db: Db,
  isOpen: () => boolean,
  configured: () => Error,
  input: { username: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockAdminCreation(tx);
    if (!isOpen() || (await adminExists(tx))) throw configured();
    const [created] = await tx.insert(users).values({ username: input.username, passwordHash, role: "admin" }).returning();
    await recordActivity(tx, null, {
      action: "create",
      entityType: "user",
      entityId: created!.id,
      description: `Amministratore ${created!.username} creato`,
    });
    return created!;
  });
}
