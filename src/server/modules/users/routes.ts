import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { userCreateSchema, userPasswordResetSchema, userUpdateBodySchema } from "@domain/passwords";
import { userListQuerySchema, userSchema, userWithLinkSchema } from "@domain/users";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { countUsers, findUser, listUsers } from "./queries";
import { createUser, deleteUser, resetUserPassword, resetUserTwoFactor, updateUser } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["utenti"];
const admin = { access: "admin" as const };

/**
 * The firm's accounts (docs/domain/roles.md): administrators only. The one-time link they
 * issue is claimed through the public /api/auth/activate of the portal accounts.
 */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/users",
    { config: admin, schema: { tags, querystring: userListQuerySchema, response: { 200: z.array(userSchema) } } },
    async (request, reply) => sendPage(reply, listUsers(db, request.query), countUsers(db, request.query)),
  );

  app.get(
    "/api/users/:id",
    { config: admin, schema: { tags, params: idParams, response: { 200: userSchema } } },
    async (request) => {
      const user = await findUser(db, request.params.id);
      if (!user) throw notFound("Utente non trovato");
      return user;
    },
  );

  app.post(
    "/api/users",
    { config: admin, schema: { tags, body: userCreateSchema, response: { 201: userWithLinkSchema } } },
    async (request, reply) => reply.status(201).send(await createUser(db, config, actorOf(request), request.body)),
  );

  app.put(
    "/api/users/:id",
    { config: admin, schema: { tags, params: idParams, body: userUpdateBodySchema, response: { 200: userSchema } } },
    async (request) => updateUser(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    "/api/users/:id/reset-password",
    { config: admin, schema: { tags, params: idParams, body: userPasswordResetSchema, response: { 200: userWithLinkSchema } } },
    async (request) => resetUserPassword(db, config, actorOf(request), request.params.id, request.body),
  );

  app.post(
    "/api/users/:id/reset-two-factor",
    { config: admin, schema: { tags, summary: "Azzera la verifica in due passaggi (telefono perso)", params: idParams, response: { 200: userSchema } } },
    async (request) => resetUserTwoFactor(db, actorOf(request), request.params.id),
  );

  app.delete(
    "/api/users/:id",
    { config: admin, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteUser(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
