import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { activateSchema, portalAccessCreateSchema, portalAccessResetSchema } from "@domain/passwords";
import { activationTokenSchema, portalAccessSchema } from "@domain/portal";
import { userRoles } from "@domain/statuses";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { activate, checkActivation, createPortalAccess, disablePortalAccess, resetPortalAccess } from "./portal-access";
import { actorOf, optionalActorOf } from "../../auth/actor";

const tags = ["clienti"];
/** `role` tells the activation page where the person logs in (portal or back office). */
const activation = z.object({ username: z.string(), clientName: z.string().nullable(), role: z.enum(userRoles.values) });

/** Admin: the portal access of a client (docs/domain/roles.md, docs/domain/api.md). Public: the one-time link. */
export const portalAccessRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post(
    "/api/clients/:id/portal-access",
    { config: { access: "office" }, schema: { tags, params: idParams, body: portalAccessCreateSchema, response: { 201: portalAccessSchema } } },
    async (request, reply) => reply.status(201).send(await createPortalAccess(db, config, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    "/api/clients/:id/portal-access/reset",
    { config: { access: "office" }, schema: { tags, params: idParams, body: portalAccessResetSchema, response: { 200: portalAccessSchema } } },
    async (request) => resetPortalAccess(db, config, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/clients/:id/portal-access",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await disablePortalAccess(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The token travels in the body, never in a URL the server would log.
  app.post(
    "/api/auth/activate/check",
    { config: { access: "public" }, schema: { tags: ["accesso"], body: activationTokenSchema, response: { 200: activation } } },
    async (request) => checkActivation(db, request.body.token),
  );

  app.post(
    "/api/auth/activate",
    { config: { access: "public" }, schema: { tags: ["accesso"], body: activateSchema, response: { 200: activation } } },
    async (request) => activate(db, optionalActorOf(request), request.body.token, request.body.password),
  );
};
