import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginSchema, sessionUserSchema } from "@domain/auth";
import { changePasswordSchema, setupSchema } from "@domain/passwords";
import { loginChallengeSchema, loginTotpSchema } from "@domain/profile";
import { z } from "@domain/zod";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { conflict, forbidden } from "../http/errors";
import { changePassword, checkLogin, checkLoginCode, createFirstAdmin, markSignedIn, sessionUserOf } from "./account";
import { actorOf } from "./actor";
import { adminExists } from "./bootstrap";
import { requireUser } from "./guard";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions";

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

  /** A fresh id at every login: a planted cookie never becomes a logged-in session. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const old = request.cookies[SESSION_COOKIE];
    if (old) await deleteSession(db, old);
    const token = await startSession({ userId, ip: request.ip, userAgent: request.headers["user-agent"] });
    await markSignedIn(db, userId);
    reply.setCookie(SESSION_COOKIE, token, cookieOptions);
    return sessionUserOf(db, userId);
  }

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
      const outcome = await checkLogin(db, request.body.username, request.body.password, request.ip);
      if ("twoFactorRequired" in outcome) return outcome;
      return signIn(request, reply, outcome.userId);
    },
  );

  app.post(
    "/api/auth/login/totp",
    {
      config: { access: "public" },
      schema: { tags: ["accesso"], body: loginTotpSchema, response: { 200: sessionUserSchema } },
    },
    async (request, reply) => {
      return signIn(request, reply, await checkLoginCode(db, request.body, request.ip));
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
      await changePassword(db, actorOf(request), request.ip, request.cookies[SESSION_COOKIE] ?? "", request.body);
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
      const user = await createFirstAdmin(db, () => setup.token !== null, configured, request.body);
      setup.token = null;
      const token = await startSession({ userId: user.id, ip: request.ip, userAgent: request.headers["user-agent"] });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return reply.status(201).send(await sessionUserOf(db, user.id));
    },
  );
};
