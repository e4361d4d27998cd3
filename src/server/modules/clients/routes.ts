import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { sendKeysetPage } from "../../http/page";
import { portalAccessEndpoints } from "./portal-access-routes";
import { clientKeyset, countClients, getClientDetail, listClients } from "./queries";
import { createClient, deleteClient, updateClient } from "./service";
import { actorOf } from "../../auth/actor";

export const clientEndpoints = (deps: AppDeps): Endpoint[] => {
  const { db } = deps;
  return [
    // Portal accounts of a client and the one-time activation link (portal-access-routes.ts).
    ...portalAccessEndpoints(deps),

    endpoint({
      method: "GET",
      url: "/api/clients",
      access: "staff",
      summary: "Elenco dei clienti",
      schema: { tags: ["clienti"], querystring: clientListQuerySchema, response: { 200: z.array(clientSchema) } },
      handler: async (request, reply) => {
        const ks = clientKeyset(request.query);
        const rows = listClients(db, request.query, ks);
        return sendKeysetPage(reply, ks, request.query, rows, countClients(db, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/clients/:id",
      access: "staff",
      summary: "Un cliente con contatti, preventivi e cantieri",
      schema: { tags: ["clienti"], params: idParams, response: { 200: byRole(clientDetailSchema, clientDetailTecnicoSchema) } },
      handler: async (request) => {
        const detail = await getClientDetail(db, request.params.id);
        if (!detail) throw notFound("Cliente non trovato");
        return seesMoney(request) ? detail : clientDetailForTecnico(detail);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/clients",
      access: "office",
      summary: "Crea un cliente",
      schema: { tags: ["clienti"], body: clientInputSchema, response: { 201: clientSchema } },
      handler: async (request, reply) => reply.status(201).send(await createClient(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/clients/:id",
      access: "office",
      summary: "Modifica un cliente",
      schema: { tags: ["clienti"], params: idParams, body: clientUpdateSchema, response: { 200: clientSchema } },
      handler: async (request) => updateClient(db, actorOf(request), request.params.id, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/clients/:id",
      access: "office",
      summary: "Elimina un cliente",
      schema: { tags: ["clienti"], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteClient(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
