import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { serviceInputSchema, serviceListQuerySchema, serviceSchema, serviceUpdateSchema } from "@domain/services";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { countServices, findService, listServices, serviceKeyset } from "./queries";
import { createService, deleteService, updateService } from "./service";
import { actorOf } from "../../auth/actor";

// The catalogue is the company's price list: the office's (admin and ufficio). The estimate form asks for
// `?status=attivo&q=…` (docs/domain/statuses.md: only active services are offered).
export const serviceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/services",
    { config: { access: "office" }, schema: { tags: ["servizi"], querystring: serviceListQuerySchema, response: { 200: z.array(serviceSchema) } } },
    async (request, reply) => {
      const ks = serviceKeyset(request.query);
      const rows = listServices(db, request.query, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countServices(db, request.query));
    },
  );

  app.get(
    "/api/services/:id",
    { config: { access: "office" }, schema: { tags: ["servizi"], params: idParams, response: { 200: serviceSchema } } },
    async (request) => {
      const row = await findService(db, request.params.id);
      if (!row) throw notFound("Servizio non trovato");
      return row;
    },
  );

  app.post(
    "/api/services",
    { config: { access: "office" }, schema: { tags: ["servizi"], body: serviceInputSchema, response: { 201: serviceSchema } } },
    async (request, reply) => reply.status(201).send(await createService(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/services/:id",
    { config: { access: "office" }, schema: { tags: ["servizi"], params: idParams, body: serviceUpdateSchema, response: { 200: serviceSchema } } },
    async (request) => updateService(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/services/:id",
    { config: { access: "office" }, schema: { tags: ["servizi"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteService(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
