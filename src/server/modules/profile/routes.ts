import { endpoint, type Endpoint } from "../../http/endpoint";
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

export const profileEndpoints = ({ db }: AppDeps): Endpoint[] => {
  const currentSessionId = (cookie: string | undefined) => hashToken(cookie ?? "");

  return [
    endpoint({
      method: "GET",
      url: "/api/profile",
      access: "user",
      summary: "Il mio profilo",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], response: { 200: profileSchema } },
      handler: async (request) => {
        const profile = await getProfile(db, requireUser(request).id);
        if (!profile) throw notFound("Utente non trovato");
        return profile;
      },
    }),

    // Clients' names and addresses belong to their client record, kept by the office: only staff
    // edit their own here.
    endpoint({
      method: "PUT",
      url: "/api/profile",
      access: "staff",
      summary: "Modifica il mio profilo",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], body: profileUpdateSchema, response: { 200: profileSchema } },
      handler: async (request) => {
        const me = requireUser(request);
        await updateProfile(db, actorOf(request), me.id, request.body);
        return (await getProfile(db, me.id))!;
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/profile/sessions",
      access: "user",
      summary: "Le mie sessioni aperte",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], response: { 200: z.array(sessionInfoSchema) } },
      handler: async (request) => listSessions(db, requireUser(request).id, currentSessionId(request.cookies[SESSION_COOKIE])),
    }),

    endpoint({
      method: "POST",
      url: "/api/profile/sessions/logout-others",
      access: "user",
      summary: "Chiude le mie altre sessioni",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], response: { 200: z.object({ ended: z.number().int() }) } },
      handler: async (request) => {
        const ended = await endOtherSessions(db, requireUser(request).id, currentSessionId(request.cookies[SESSION_COOKIE]));
        return { ended };
      },
    }),

    endpoint({
      method: "DELETE",
      url: "/api/profile/sessions/:id",
      access: "user",
      summary: "Chiude una mia sessione",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], params: sessionParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await endSession(db, requireUser(request).id, currentSessionId(request.cookies[SESSION_COOKIE]), request.params.id);
        return reply.status(204).send(null);
      },
    }),

    // Two-factor enrolment: staff only (clients sign in with a password).
    endpoint({
      method: "POST",
      url: "/api/auth/totp/setup",
      access: "staff",
      summary: "Avvia l'attivazione della verifica in due passaggi",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], body: passwordConfirmSchema, response: { 200: totpSetupSchema } },
      handler: async (request) => {
        const settings = await getSettings(db);
        return startTwoFactorSetup(db, actorOf(request), request.ip, request.body.password, settings.companyName);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/totp/enable",
      access: "staff",
      summary: "Attiva la verifica in due passaggi con il primo codice",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], body: totpCodeBodySchema, response: { 200: recoveryCodesSchema } },
      handler: async (request) =>
        enableTwoFactor(
          db,
          actorOf(request),
          request.body.code,
          currentSessionId(request.cookies[SESSION_COOKIE]),
        ),
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/totp/disable",
      access: "staff",
      summary: "Disattiva la verifica in due passaggi",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], body: totpDisableSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await disableTwoFactor(db, actorOf(request), request.ip, request.body);
        return reply.status(204).send(null);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/totp/recovery-codes",
      access: "staff",
      summary: "Genera nuovi codici di recupero",
      twoFactorSetup: true,
      schema: { tags: ["profilo"], body: totpCodeBodySchema, response: { 200: recoveryCodesSchema } },
      handler: async (request) => regenerateRecoveryCodes(db, actorOf(request), request.ip, request.body.code),
    }),
  ];
};
