import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams, optionsQuery } from "@domain/common";
import {
  siteDetailForTecnico,
  siteDetailSchema,
  siteDetailTecnicoSchema,
  siteEstimateOptionSchema,
  siteForTecnico,
  siteInputSchema,
  siteListItemSchema,
  siteListItemTecnicoSchema,
  siteListQuerySchema,
  siteProgressSchema,
  siteSchema,
  siteTecnicoSchema,
  siteUpdateSchema,
} from "@domain/sites";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { byRole, seesMoney } from "../../auth/shaping";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../http/page";
import { storageFor } from "../../storage";
import { assigneeFilter } from "../team/queries";
import { countSites, getSiteDetail, listSites, siteEstimateOptions, siteKeyset } from "./queries";
import { createSite, deleteSite, SITE_NOT_FOUND, updateSite, updateSiteProgress } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["cantieri"];

/**
 * Construction sites (/api/construction-sites, docs/domain/api.md). The office manages them; a
 * technician reads them without budget, amounts or contracts and updates their progress.
 */
export const siteEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  const storage = storageFor(config, db);
  return [
    endpoint({
      method: "GET",
      url: "/api/construction-sites",
      access: "staff",
      summary: "Elenco dei cantieri",
      schema: { tags, querystring: siteListQuerySchema, response: { 200: byRole(z.array(siteListItemSchema), z.array(siteListItemTecnicoSchema)) } },
      handler: async (request, reply) => {
        const query = { ...request.query, assignedUserId: assigneeFilter(request.query, request.user?.id) };
        const ks = siteKeyset(query);
        const rows = await sendKeysetPage(reply, ks, query, listSites(db, query, null, ks), countSites(db, query, null));
        return seesMoney(request) ? rows : rows.map(siteForTecnico);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/construction-sites/estimate-options",
      access: "office",
      summary: "Preventivi accettati su cui aprire un cantiere",
      schema: {
        tags,
        querystring: optionsQuery,
        response: { 200: z.array(siteEstimateOptionSchema) },
      },
      handler: async (request) => siteEstimateOptions(db, request.query.q, request.query.limit),
    }),

    endpoint({
      method: "GET",
      url: "/api/construction-sites/:id",
      access: "staff",
      summary: "Un cantiere",
      schema: { tags, params: idParams, response: { 200: byRole(siteDetailSchema, siteDetailTecnicoSchema) } },
      handler: async (request) => {
        const detail = await getSiteDetail(db, request.params.id, null);
        if (!detail) throw notFound(SITE_NOT_FOUND);
        return seesMoney(request) ? detail : siteDetailForTecnico(detail);
      },
    }),

    endpoint({
      method: "PUT",
      url: "/api/construction-sites/:id/progress",
      access: "staff",
      summary: "Avanzamento, stato e note del cantiere (anche il tecnico)",
      schema: {
        tags,
        params: idParams,
        body: siteProgressSchema,
        response: { 200: byRole(siteSchema, siteTecnicoSchema) },
      },
      handler: async (request) => {
        const row = await updateSiteProgress(db, actorOf(request), request.params.id, request.body, config);
        return seesMoney(request) ? row : siteForTecnico(row);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/construction-sites",
      access: "office",
      summary: "Apre un cantiere",
      schema: { tags, body: siteInputSchema, response: { 201: siteSchema } },
      handler: async (request, reply) => reply.status(201).send(await createSite(db, actorOf(request), request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/construction-sites/:id",
      access: "office",
      summary: "Modifica un cantiere",
      schema: { tags, params: idParams, body: siteUpdateSchema, response: { 200: siteSchema } },
      handler: async (request) => updateSite(db, actorOf(request), request.params.id, request.body, config),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/construction-sites/:id",
      access: "office",
      summary: "Elimina un cantiere",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        const keys = await deleteSite(db, actorOf(request), request.params.id);
        // Files go after the commit: a failed delete leaves an orphan file, never a dangling row.
        await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
        return reply.status(204).send(null);
      },
    }),
  ];
};
