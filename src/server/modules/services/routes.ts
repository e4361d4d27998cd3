import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import { serviceInputSchema, serviceListQuerySchema, serviceSchema, serviceUpdateSchema } from "@domain/services";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../http/page";
import { countServices, findService, listServices, serviceKeyset } from "./queries";
import { createService, deleteService, updateService } from "./service";
import { actorOf } from "../../auth/actor";

// The catalogue is the company's price list: the office's (admin and ufficio). The estimate form asks for
// `?status=attivo&q=…` (docs/domain/statuses.md: only active services are offered).
export const serviceEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/services",
      access: "office",
      summary: "Listino delle lavorazioni",
      schema: { tags: ["servizi"], querystring: serviceListQuerySchema, response: { 200: z.array(serviceSchema) } },
      handler: async (request, reply) => {
        const ks = serviceKeyset(request.query);
        const rows = listServices(db, request.query, ks);
        return sendKeysetPage(reply, ks, request.query, rows, countServices(db, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/services/:id",
      access: "office",
      summary: "Una lavorazione del listino",
      schema: { tags: ["servizi"], params: idParams, response: { 200: serviceSchema } },
      handler: async (request) => {
        const row = await findService(db, request.params.id);
        if (!row) throw notFound("Servizio non trovato");
        return row;
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/services",
      access: "office",
      summary: "Crea una lavorazione del listino",
      schema: { tags: ["servizi"], body: serviceInputSchema, response: { 201: serviceSchema } },
      handler: async (request, reply) => reply.status(201).send(await createService(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/services/:id",
      access: "office",
      summary: "Modifica una lavorazione del listino",
      schema: { tags: ["servizi"], params: idParams, body: serviceUpdateSchema, response: { 200: serviceSchema } },
      handler: async (request) => updateService(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/services/:id",
      access: "office",
      summary: "Elimina una lavorazione del listino",
      schema: { tags: ["servizi"], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteService(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
