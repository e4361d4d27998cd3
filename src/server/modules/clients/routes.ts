import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  clientDetailForTecnico,
  clientDetailSchema,
  clientDetailTecnicoSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
} from "@domain/clients";
import { idParams } from "@domain/common";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { byRole, seesMoney } from "../../auth/shaping";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { portalAccessRoutes } from "./portal-access-routes";
import { clientKeyset, countClients, getClientDetail, listClients } from "./queries";
import { createClient, deleteClient, updateClient } from "./service";
import { actorOf } from "../../auth/actor";

export const clientRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  // Portal accounts of a client and the one-time activation link (portal-access-routes.ts).
  await app.register(portalAccessRoutes, deps);

  app.get(
    "/api/clients",
    { config: { access: "staff" }, schema: { tags: ["clienti"], querystring: clientListQuerySchema, response: { 200: z.array(clientSchema) } } },
    async (request, reply) => {
      const ks = clientKeyset(request.query);
      const rows = listClients(db, request.query, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countClients(db, request.query));
    },
  );

  app.get(
    "/api/clients/:id",
    { config: { access: "staff" }, schema: { tags: ["clienti"], params: idParams, response: { 200: byRole(clientDetailSchema, clientDetailTecnicoSchema) } } },
    async (request) => {
      const detail = await getClientDetail(db, request.params.id);
      if (!detail) throw notFound("Cliente non trovato");
      return seesMoney(request) ? detail : clientDetailForTecnico(detail);
    },
  );

  app.post(
    "/api/clients",
    { config: { access: "office" }, schema: { tags: ["clienti"], body: clientInputSchema, response: { 201: clientSchema } } },
    async (request, reply) => reply.status(201).send(await createClient(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/clients/:id",
    { config: { access: "office" }, schema: { tags: ["clienti"], params: idParams, body: clientUpdateSchema, response: { 200: clientSchema } } },
    async (request) => updateClient(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/clients/:id",
    { config: { access: "office" }, schema: { tags: ["clienti"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteClient(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
