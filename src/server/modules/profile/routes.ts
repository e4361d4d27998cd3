import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  passwordConfirmSchema,
  profileSchema,
  profileUpdateSchema,
  recoveryCodesSchema,
  sessionInfoSchema,
  totpCodeBodySchema,
  totpDisableSchema,
  totpSetupSchema,
} from "@domain/profile";
import { z } from "@domain/zod";
import { requireUser } from "../../auth/guard";
import { SESSION_COOKIE } from "../../auth/sessions";
import { hashToken } from "../../auth/tokens";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { getSettings } from "../settings/queries";
import { getProfile, listSessions } from "./queries";
import {
  disableTwoFactor,
  enableTwoFactor,
  endOtherSessions,
  endSession,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  updateProfile,
} from "./service";
import { actorOf } from "../../auth/actor";

// "Il mio profilo" (issue 19; docs/decisions/010-two-factor.md). Every route acts on the
// logged-in user only: there is no user id in any path or body. All are open to an admin who
// must still enrol two-factor (`twoFactorSetup`), since this is where they enrol.

const sessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, "Sessione non trovata") });

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const currentSessionId = (cookie: string | undefined) => hashToken(cookie ?? "");

  app.get(
    "/api/profile",
    {
      config: { access: "user", twoFactorSetup: true },
      schema: { tags: ["profilo"], response: { 200: profileSchema } },
    },
    async (request) => {
      const profile = await getProfile(db, requireUser(request).id);
      if (!profile) throw notFound("Utente non trovato");
      return profile;
    },
  );

  // Clients' names and addresses belong to their client record, kept by the office: only staff
  // edit their own here.
  app.put(
    "/api/profile",
    {
      config: { access: "staff", twoFactorSetup: true },
      schema: { tags: ["profilo"], body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) => {
      const me = requireUser(request);
      await updateProfile(db, actorOf(request), me.id, request.body);
      return (await getProfile(db, me.id))!;
    },
  );

  app.get(
    "/api/profile/sessions",
    {
      config: { access: "user", twoFactorSetup: true },
      schema: { tags: ["profilo"], response: { 200: z.array(sessionInfoSchema) } },
    },
    async (request) => listSessions(db, requireUser(request).id, currentSessionId(request.cookies[SESSION_COOKIE])),
  );

  app.post(
    "/api/profile/sessions/logout-others",
    {
      config: { access: "user", twoFactorSetup: true },
      schema: { tags: ["profilo"], response: { 200: z.object({ ended: z.number().int() }) } },
    },
    async (request) => {
      const ended = await endOtherSessions(db, requireUser(request).id, currentSessionId(request.cookies[SESSION_COOKIE]));
      return { ended };
    },
  );

  app.delete(
    "/api/profile/sessions/:id",
    {
      config: { access: "user", twoFactorSetup: true },
      schema: { tags: ["profilo"], params: sessionParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await endSession(db, requireUser(request).id, currentSessionId(request.cookies[SESSION_COOKIE]), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Two-factor enrolment: staff only (clients sign in with a password).
  const staffEnrolment = { access: "staff" as const, twoFactorSetup: true };

  app.post(
    "/api/auth/totp/setup",
    {
      config: staffEnrolment,
      schema: { tags: ["profilo"], body: passwordConfirmSchema, response: { 200: totpSetupSchema } },
    },
    async (request) => {
      const settings = await getSettings(db);
      return startTwoFactorSetup(db, actorOf(request), request.ip, request.body.password, settings.companyName);
    },
  );

  app.post(
    "/api/auth/totp/enable",
    {
      config: staffEnrolment,
      schema: { tags: ["profilo"], body: totpCodeBodySchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) =>
      enableTwoFactor(
        db,
        actorOf(request),
        request.body.code,
        currentSessionId(request.cookies[SESSION_COOKIE]),
      ),
  );

  app.post(
    "/api/auth/totp/disable",
    { config: staffEnrolment, schema: { tags: ["profilo"], body: totpDisableSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await disableTwoFactor(db, actorOf(request), request.ip, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/auth/totp/recovery-codes",
    {
      config: staffEnrolment,
      schema: { tags: ["profilo"], body: totpCodeBodySchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => regenerateRecoveryCodes(db, actorOf(request), request.ip, request.body.code),
  );
};
