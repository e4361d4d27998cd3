import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import { userCreateSchema, userPasswordResetSchema, userUpdateBodySchema } from "@domain/passwords";
import { userListQuerySchema, userSchema, userWithLinkSchema } from "@domain/users";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendPage } from "../../http/page";
import { countUsers, findUser, listUsers } from "./queries";
import { createUser, deleteUser, resetUserPassword, resetUserTwoFactor, updateUser } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["utenti"];

/**
 * The firm's accounts (docs/domain/roles.md): administrators only. The one-time link they
 * issue is claimed through the public /api/auth/activate of the portal accounts.
 */
export const userEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/users",
      access: "admin",
      summary: "Elenco degli utenti",
      schema: { tags, querystring: userListQuerySchema, response: { 200: z.array(userSchema) } },
      handler: async (request, reply) => sendPage(reply, listUsers(db, request.query), countUsers(db, request.query)),
    }),

    endpoint({
      method: "GET",
      url: "/api/users/:id",
      access: "admin",
      summary: "Un utente",
      schema: { tags, params: idParams, response: { 200: userSchema } },
      handler: async (request) => {
        const user = await findUser(db, request.params.id);
        if (!user) throw notFound("Utente non trovato");
        return user;
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/users",
      access: "admin",
      summary: "Crea un utente",
      schema: { tags, body: userCreateSchema, response: { 201: userWithLinkSchema } },
      handler: async (request, reply) => reply.status(201).send(await createUser(db, config, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/users/:id",
      access: "admin",
      summary: "Modifica un utente (ruolo, dati, attivo)",
      schema: { tags, params: idParams, body: userUpdateBodySchema, response: { 200: userSchema } },
      handler: async (request) => updateUser(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "POST",
      url: "/api/users/:id/reset-password",
      access: "admin",
      summary: "Reimposta la password di un utente",
      schema: { tags, params: idParams, body: userPasswordResetSchema, response: { 200: userWithLinkSchema } },
      handler: async (request) => resetUserPassword(db, config, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "POST",
      url: "/api/users/:id/reset-two-factor",
      access: "admin",
      summary: "Azzera la verifica in due passaggi (telefono perso)",
      schema: { tags, params: idParams, response: { 200: userSchema } },
      handler: async (request) => resetUserTwoFactor(db, actorOf(request), request.params.id),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/users/:id",
      access: "admin",
      summary: "Elimina un utente",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteUser(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
