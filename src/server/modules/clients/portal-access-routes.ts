import { endpoint, type Endpoint } from "../../http/endpoint";
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
export const portalAccessEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "POST",
      url: "/api/clients/:id/portal-access",
      access: "office",
      summary: "Crea l'accesso al portale del cliente",
      schema: { tags, params: idParams, body: portalAccessCreateSchema, response: { 201: portalAccessSchema } },
      handler: async (request, reply) => reply.status(201).send(await createPortalAccess(db, config, actorOf(request), request.params.id, request.body)),
    }),

    endpoint({
      method: "POST",
      url: "/api/clients/:id/portal-access/reset",
      access: "office",
      summary: "Genera un nuovo link di attivazione per il portale del cliente",
      schema: { tags, params: idParams, body: portalAccessResetSchema, response: { 200: portalAccessSchema } },
      handler: async (request) => resetPortalAccess(db, config, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/clients/:id/portal-access",
      access: "office",
      summary: "Disattiva l'accesso al portale del cliente",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await disablePortalAccess(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),

    // The token travels in the body, never in a URL the server would log.
    endpoint({
      method: "POST",
      url: "/api/auth/activate/check",
      access: "public",
      summary: "Verifica un link di attivazione",
      schema: { tags: ["accesso"], body: activationTokenSchema, response: { 200: activation } },
      handler: async (request) => checkActivation(db, request.body.token),
    }),

    endpoint({
      method: "POST",
      url: "/api/auth/activate",
      access: "public",
      summary: "Attiva l'account scegliendo la password",
      schema: { tags: ["accesso"], body: activateSchema, response: { 200: activation } },
      handler: async (request) => activate(db, optionalActorOf(request), request.body.token, request.body.password),
    }),
  ];
};
