import { crudEndpoints } from "../../http/crud";
import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import { userCreateSchema, userPasswordResetSchema, userUpdateBodySchema } from "@domain/passwords";
import { userListQuerySchema, userSchema, userWithLinkSchema } from "@domain/users";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
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
    ...crudEndpoints({
      base: "/api/users",
      tags,
      access: { read: "admin", write: "admin" },
      row: userSchema,
      read: { summary: "Un utente", response: userSchema, find: (id) => findUser(db, id), notFound: "Utente non trovato" },
      create: {
        summary: "Crea un utente",
        body: userCreateSchema,
        response: userWithLinkSchema,
        run: (actor, body) => createUser(db, config, actor, body),
      },
      update: { summary: "Modifica un utente (ruolo, dati, attivo)", body: userUpdateBodySchema, run: (actor, id, body) => updateUser(db, actor, id, body) },
      remove: { summary: "Elimina un utente", run: (actor, id) => deleteUser(db, actor, id) },
    }),

    endpoint({
      method: "GET",
      url: "/api/users",
      access: "admin",
      summary: "Elenco degli utenti",
      schema: { tags, querystring: userListQuerySchema, response: { 200: z.array(userSchema) } },
      handler: async (request, reply) => sendPage(reply, listUsers(db, request.query), countUsers(db, request.query)),
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

  ];
};
