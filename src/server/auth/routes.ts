import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginSchema, sessionUserSchema, setupSchema } from "@domain/auth";
import { z } from "@domain/zod";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { clients, users } from "../db/schema";
import { conflict, forbidden, HttpError, unauthorized } from "../http/errors";
import { recordActivity } from "../modules/activity/record";
import { adminExists } from "./bootstrap";
import { requireUser } from "./guard";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions";
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from "./throttle";

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
      const retryAfter = await loginRetryAfter(db, username, request.ip);
      if (retryAfter > 0) {
        reply.header("Retry-After", String(retryAfter));
        throw new HttpError(429, "Troppi tentativi di accesso. Riprova tra qualche minuto.");
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
      if (!user || !ok || !user.active) {
        await recordLoginFailure(db, username, request.ip);
        throw unauthorized("Credenziali non valide");
      }
      await clearLoginFailures(db, username);
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

  app.get(
    "/api/setup/status",
    { config: { access: "public" }, schema: { tags: ["accesso"], response: { 200: z.object({ needsSetup: z.boolean() }) } } },
    async () => ({ needsSetup: setup.token !== null && !(await adminExists(db)) }),
  );

  app.post(
    "/api/setup",
    { config: { access: "public" }, schema: { tags: ["accesso"], body: setupSchema, response: { 201: sessionUserSchema } } },
    async (request, reply) => {
      if (!setup.token || (await adminExists(db))) throw conflict("L'installazione è già configurata");
      if (request.body.token !== setup.token) throw forbidden("Codice di configurazione non valido");
      const [user] = await db
        .insert(users)
        .values({ username: request.body.username, passwordHash: await hashPassword(request.body.password), role: "admin" })
        .returning();
      setup.token = null;
      await recordActivity(db, null, { action: "create", entityType: "user", entityId: user!.id, description: `Amministratore ${user!.username} creato` });
      const token = await startSession({ userId: user!.id, ip: request.ip, userAgent: request.headers["user-agent"] });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return reply.status(201).send({ id: user!.id, username: user!.username, role: "admin" as const, clientId: null, clientName: null });
    },
  );
};
