import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginSchema, sessionUserSchema } from "@domain/auth";
import { changePasswordSchema, passwordProblem, setupSchema } from "@domain/passwords";
import { loginChallengeSchema, loginTotpSchema } from "@domain/profile";
import { z } from "@domain/zod";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { clients, loginChallenges, sessions, users } from "../db/schema";
import { badRequest, conflict, forbidden, HttpError, unauthorized } from "../http/errors";
import { recordActivity } from "../modules/activity/record";
import { adminExists, lockAdminCreation } from "./bootstrap";
import { requireUser } from "./guard";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, deleteSession, SESSION_COOKIE, sessionUserColumns } from "./sessions";
import { codeSucceeded, loginSucceeded, reserveCodeOrRefuse, reserveOrRefuse } from "./throttle";
import { hashToken, newToken } from "./tokens";
import { purgeExpiredChallenges, useRecoveryCode, useTotpCode } from "./totp";

const WRONG_CURRENT = "Password attuale non corretta";
const CHALLENGE_GONE = "Accesso scaduto: inserisci di nuovo nome utente e password";
const WRONG_CODE = "Codice non valido o già usato";
/** The second step of a login: how long the password stays "just typed", and how many codes. */
export const CHALLENGE = { ttlSeconds: 5 * 60, maxAttempts: 5 } as const;

interface Options {
  db: Db;
  config: Config;
  /** The one-time setup token of an empty installation; cleared once used. */
  setup: { token: string | null };
}

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, config, setup }) => {
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.tls,
    maxAge: Math.floor(config.sessionIdleMs / 1000),
  };

  async function startSession(request: Parameters<typeof createSession>[3] & { userId: string }) {
    return createSession(db, request.userId, config.sessionIdleMs, request);
  }

  /** The user a login answers with (the same shape as `GET /api/auth/me`). */
  async function sessionUserOf(userId: string) {
    const [user] = await db
      .select(sessionUserColumns)
      .from(users)
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, userId));
    return user!;
  }

  /** A fresh id at every login: a planted cookie never becomes a logged-in session. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const old = request.cookies[SESSION_COOKIE];
    if (old) await deleteSession(db, old);
    const token = await startSession({ userId, ip: request.ip, userAgent: request.headers["user-agent"] });
    await db
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, userId));
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
    return sessionUserOf(userId);
  }

  const throttled = (reply: FastifyReply, username: string, ip: string) => reserveOrRefuse(db, reply, username, ip);

  app.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["accesso"],
        body: loginSchema,
        response: { 200: z.union([sessionUserSchema, loginChallengeSchema]) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Counted before the password is checked: a burst cannot outrun the counter.
      await throttled(reply, username, request.ip);
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
      await loginSucceeded(db, username, request.ip);
      if (user.totpEnabledAt) {
        await purgeExpiredChallenges(db);
        const challenge = newToken();
        await db.insert(loginChallenges).values({
          id: hashToken(challenge),
          userId: user.id,
          expiresAt: new Date(Date.now() + CHALLENGE.ttlSeconds * 1000).toISOString(),
        });
        return { twoFactorRequired: true as const, challenge, expiresInSeconds: CHALLENGE.ttlSeconds };
      }
      return signIn(request, reply, user.id);
    },
  );

  app.post(
    "/api/auth/login/totp",
    {
      config: { access: "public" },
      schema: { tags: ["accesso"], body: loginTotpSchema, response: { 200: sessionUserSchema } },
    },
    async (request, reply) => {
      const body = request.body;
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
      await reserveCodeOrRefuse(db, reply, { id: challenge.userId, username: user.username }, request.ip);
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
      await codeSucceeded(db, { id: challenge.userId, username: user.username }, request.ip);
      if (recoveryLeft !== null)
        await recordActivity(db, null, {
          action: "update",
          entityType: "user",
          entityId: challenge.userId,
          description: `${user.username} ha usato un codice di recupero per accedere (ne restano ${recoveryLeft})`,
        });
      return signIn(request, reply, challenge.userId);
    },
  );

  app.post(
    "/api/auth/logout",
    { config: { access: "public" }, schema: { tags: ["accesso"], response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(db, token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/auth/me",
    {
      config: { access: "user", twoFactorSetup: true },
      schema: { tags: ["accesso"], response: { 200: sessionUserSchema } },
    },
    async (request) => requireUser(request),
  );

  app.post(
    "/api/auth/password",
    {
      config: { access: "user", twoFactorSetup: true },
      schema: { tags: ["accesso"], body: changePasswordSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { currentPassword, newPassword } = request.body;
      // Guessing the current password from a stolen session is throttled like a login.
      await throttled(reply, me.username, request.ip);
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!(await verifyPassword(currentPassword, row?.passwordHash ?? null)))
        throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
      await loginSucceeded(db, me.username, request.ip);
      if (newPassword === currentPassword)
        throw badRequest("Password: deve essere diversa da quella attuale", {
          newPassword: "Password: deve essere diversa da quella attuale",
        });
      const problem = passwordProblem(newPassword, me.username);
      if (problem) throw badRequest(problem, { newPassword: problem });
      const passwordHash = await hashPassword(newPassword);
      const current = hashToken(request.cookies[SESSION_COOKIE] ?? "");
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, me.id));
        // Every other session of the user ends (a thief's included); this one goes on.
        await tx.delete(sessions).where(and(eq(sessions.userId, me.id), ne(sessions.id, current)));
        await recordActivity(tx, request, {
          action: "update",
          entityType: "user",
          entityId: me.id,
          description: `${me.username} ha cambiato la password`,
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/setup/status",
    {
      config: { access: "public" },
      schema: { tags: ["accesso"], response: { 200: z.object({ needsSetup: z.boolean() }) } },
    },
    async () => ({ needsSetup: setup.token !== null && !(await adminExists(db)) }),
  );

  app.post(
    "/api/setup",
    {
      config: { access: "public" },
      schema: { tags: ["accesso"], body: setupSchema, response: { 201: sessionUserSchema } },
    },
    async (request, reply) => {
      const configured = () => conflict("L'installazione è già configurata");
      if (!setup.token || (await adminExists(db))) throw configured();
      if (request.body.token !== setup.token) throw forbidden("Codice di configurazione non valido");
      const passwordHash = await hashPassword(request.body.password);
      // Check and insert under one lock: ten parallel requests with the right code make one admin.
      const user = await db.transaction(async (tx) => {
        await lockAdminCreation(tx);
        if (!setup.token || (await adminExists(tx))) throw configured();
        const [created] = await tx
          .insert(users)
          .values({ username: request.body.username, passwordHash, role: "admin" })
          .returning();
        await recordActivity(tx, null, {
          action: "create",
          entityType: "user",
          entityId: created!.id,
          description: `Amministratore ${created!.username} creato`,
        });
        return created!;
      });
      setup.token = null;
      const token = await startSession({ userId: user.id, ip: request.ip, userAgent: request.headers["user-agent"] });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return reply.status(201).send(await sessionUserOf(user.id));
    },
  );
};
