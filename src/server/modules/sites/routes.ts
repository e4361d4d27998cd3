import { crudEndpoints } from "../../http/crud";
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
    ...crudEndpoints({
      base: "/api/construction-sites",
      tags,
      access: { read: "staff", write: "office" },
      row: siteSchema,
      list: {
        summary: "Elenco dei cantieri",
        query: siteListQuerySchema,
        response: byRole(z.array(siteListItemSchema), z.array(siteListItemTecnicoSchema)),
        prepare: (query, request) => ({ ...query, assignedUserId: assigneeFilter(query, request.user?.id) }),
        keyset: siteKeyset,
        rows: (query, ks) => listSites(db, query, null, ks),
        count: (query) => countSites(db, query, null),
        forTecnico: siteForTecnico,
      },
      read: {
        summary: "Un cantiere con cliente, preventivo e contratti",
        response: byRole(siteDetailSchema, siteDetailTecnicoSchema),
        find: (id) => getSiteDetail(db, id, null),
        notFound: SITE_NOT_FOUND,
        forTecnico: siteDetailForTecnico,
      },
      create: { summary: "Apre un cantiere", body: siteInputSchema, run: (actor, body) => createSite(db, actor, body) },
      update: { summary: "Modifica un cantiere", body: siteUpdateSchema, run: (actor, id, body) => updateSite(db, actor, id, body, config) },
      remove: {
        summary: "Elimina un cantiere",
        run: async (actor, id) => {
          const keys = await deleteSite(db, actor, id);
          // Files go after the commit: a failed delete leaves an orphan file, never a dangling row.
          await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
        },
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
      method: "PUT",
      url: "/api/construction-sites/:id/progress",
      access: "staff",
      summary: "Aggiorna avanzamento, stato e note del cantiere (anche il tecnico)",
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
  ];
};
