import type { FastifyReply, FastifyRequest } from "fastify";
import { endpoint, type Endpoint } from "../http/endpoint";
import { loginSchema, sessionUserSchema } from "@domain/auth";
import { changePasswordSchema, setupSchema } from "@domain/passwords";
import { loginChallengeSchema, loginTotpSchema } from "@domain/profile";
import { z } from "@domain/zod";
import type { AppDeps } from "../deps";
import { conflict, forbidden } from "../http/errors";
import { changePassword, checkLogin, checkLoginCode, createFirstAdmin, markSignedIn, sessionUserOf } from "./account";
import { actorOf } from "./actor";
import { adminExists } from "./bootstrap";
import { requireUser } from "./guard";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions";

export const authEndpoints = ({ db, config, setup }: AppDeps): Endpoint[] => {
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
  return [
    endpoint({
      method: "POST",
      url: "/api/auth/login",
      access: "public",
      summary: "Accesso con nome utente e password",
      schema: {
        tags: ["accesso"],
        body: loginSchema,
        response: { 200: z.union([sessionUserSchema, loginChallengeSchema]) },
      },
      handler: async (request, reply) => {
        const outcome = await checkLogin(db, request.body.username, request.body.password, request.ip);
        if ("twoFactorRequired" in outcome) return outcome;
        return signIn(request, reply, outcome.userId);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/login/totp",
      access: "public",
      summary: "Accesso: il codice della verifica in due passaggi",
      schema: { tags: ["accesso"], body: loginTotpSchema, response: { 200: sessionUserSchema } },
      handler: async (request, reply) => {
        return signIn(request, reply, await checkLoginCode(db, request.body, request.ip));
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/logout",
      access: "public",
      summary: "Esce e chiude la sessione",
      schema: { tags: ["accesso"], response: { 204: z.null() } },
      handler: async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await deleteSession(db, token);
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return reply.status(204).send(null);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/auth/me",
      access: "user",
      summary: "Chi sono: l'utente della sessione",
      twoFactorSetup: true,
      schema: { tags: ["accesso"], response: { 200: sessionUserSchema } },
      handler: async (request) => requireUser(request),
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/password",
      access: "user",
      summary: "Cambia la mia password",
      twoFactorSetup: true,
      schema: { tags: ["accesso"], body: changePasswordSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await changePassword(db, actorOf(request), request.ip, request.cookies[SESSION_COOKIE] ?? "", request.body);
        return reply.status(204).send(null);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/setup/status",
      access: "public",
      summary: "Se l'installazione attende il primo amministratore",
      schema: { tags: ["accesso"], response: { 200: z.object({ needsSetup: z.boolean() }) } },
      handler: async () => ({ needsSetup: setup.token !== null && !(await adminExists(db)) }),
    }),

    endpoint({
      method: "POST",
      url: "/api/setup",
      access: "public",
      summary: "Crea il primo amministratore (codice di installazione)",
      schema: { tags: ["accesso"], body: setupSchema, response: { 201: sessionUserSchema } },
      handler: async (request, reply) => {
        const configured = () => conflict("L'installazione è già configurata");
        if (!setup.token || (await adminExists(db))) throw configured();
        if (request.body.token !== setup.token) throw forbidden("Codice di configurazione non valido");
        const user = await createFirstAdmin(db, () => setup.token !== null, configured, request.body);
        setup.token = null;
        const token = await startSession({ userId: user.id, ip: request.ip, userAgent: request.headers["user-agent"] });
        reply.setCookie(SESSION_COOKIE, token, cookieOptions);
        return reply.status(201).send(await sessionUserOf(db, user.id));
      },
    }),
  ];
};
