import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginSchema, sessionUserSchema } from "@domain/auth";
import { changePasswordSchema, passwordProblem, setupSchema } from "@domain/passwords";
import { z } from "@domain/zod";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { clients, sessions, users } from "../db/schema";
import { badRequest, conflict, forbidden, HttpError, unauthorized } from "../http/errors";
import { recordActivity } from "../modules/activity/record";
import { adminExists, lockAdminCreation } from "./bootstrap";
import { requireUser } from "./guard";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions";
import { loginSucceeded, reserveLoginAttempt } from "./throttle";
import { hashToken } from "./tokens";

const TOO_MANY = "Troppi tentativi di accesso. Riprova tra qualche minuto.";
const WRONG_CURRENT = "Password attuale non corretta";

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

  app.post(
    "/api/auth/login",
    { config: { access: "public" }, schema: { tags: ["accesso"], body: loginSchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      const { username, password } = request.body;
      // Counted before the password is checked: a burst cannot outrun the counter.
      const retryAfter = await reserveLoginAttempt(db, username, request.ip);
      if (retryAfter > 0) {
        reply.header("Retry-After", String(retryAfter));
        throw new HttpError(429, TOO_MANY);
      }
      const [user] = await db
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          clientId: users.clientId,
          clientName: clients.name,
          passwordHash: users.passwordHash,
          active: users.active,
        })
        .from(users)
        .leftJoin(clients, eq(clients.id, users.clientId))
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      const ok = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !ok || !user.active) throw unauthorized("Credenziali non valide");
      await loginSucceeded(db, username, request.ip);
      // A fresh id at every login: a planted cookie never becomes a logged-in session.
      const old = request.cookies[SESSION_COOKIE];
      if (old) await deleteSession(db, old);
      const token = await startSession({ userId: user.id, ip: request.ip, userAgent: request.headers["user-agent"] });
      await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return { id: user.id, username: user.username, role: user.role, clientId: user.clientId, clientName: user.clientName };
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
    { config: { access: "user" }, schema: { tags: ["accesso"], response: { 200: sessionUserSchema } } },
    async (request) => requireUser(request),
  );

  app.post(
    "/api/auth/password",
    { config: { access: "user" }, schema: { tags: ["accesso"], body: changePasswordSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const me = requireUser(request);
      const { currentPassword, newPassword } = request.body;
      // Guessing the current password from a stolen session is throttled like a login.
      const retryAfter = await reserveLoginAttempt(db, me.username, request.ip);
      if (retryAfter > 0) {
        reply.header("Retry-After", String(retryAfter));
        throw new HttpError(429, TOO_MANY);
      }
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!(await verifyPassword(currentPassword, row?.passwordHash ?? null)))
        throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
      await loginSucceeded(db, me.username, request.ip);
      if (newPassword === currentPassword)
        throw badRequest("Password: deve essere diversa da quella attuale", { newPassword: "Password: deve essere diversa da quella attuale" });
      const problem = passwordProblem(newPassword, me.username);
      if (problem) throw badRequest(problem, { newPassword: problem });
      const passwordHash = await hashPassword(newPassword);
      const current = hashToken(request.cookies[SESSION_COOKIE] ?? "");
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, me.id));
        // Every other session of the user ends (a thief's included); this one goes on.
        await tx.delete(sessions).where(and(eq(sessions.userId, me.id), ne(sessions.id, current)));
        await recordActivity(tx, request, { action: "update", entityType: "user", entityId: me.id, description: `${me.username} ha cambiato la password` });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/setup/status",
    { config: { access: "public" }, schema: { tags: ["accesso"], response: { 200: z.object({ needsSetup: z.boolean() }) } } },
    async () => ({ needsSetup: setup.token !== null && !(await adminExists(db)) }),
  );

  app.post(
    "/api/setup",
    { config: { access: "public" }, schema: { tags: ["accesso"], body: setupSchema, response: { 201: sessionUserSchema } } },
    async (request, reply) => {
      const configured = () => conflict("L'installazione è già configurata");
      if (!setup.token || (await adminExists(db))) throw configured();
      if (request.body.token !== setup.token) throw forbidden("Codice di configurazione non valido");
      const passwordHash = await hashPassword(request.body.password);
      // Check and insert under one lock: ten parallel requests with the right code make one admin.
      const user = await db.transaction(async (tx) => {
        await lockAdminCreation(tx);
        if (!setup.token || (await adminExists(tx))) throw configured();
        const [created] = await tx.insert(users).values({ username: request.body.username, passwordHash, role: "admin" }).returning();
        await recordActivity(tx, null, { action: "create", entityType: "user", entityId: created!.id, description: `Amministratore ${created!.username} creato` });
        return created!;
      });
      setup.token = null;
      const token = await startSession({ userId: user.id, ip: request.ip, userAgent: request.headers["user-agent"] });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return reply.status(201).send({ id: user.id, username: user.username, role: "admin" as const, clientId: null, clientName: null });
    },
  );
};
