import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  siteDetailSchema,
  siteEstimateOptionSchema,
  siteInputSchema,
  siteListItemSchema,
  siteListQuerySchema,
  siteSchema,
  siteUpdateSchema,
} from "@domain/sites";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { storageFor } from "../../storage";
import { countSites, getSiteDetail, listSites, siteEstimateOptions } from "./queries";
import { createSite, deleteSite, SITE_NOT_FOUND, updateSite } from "./service";

const tags = ["cantieri"];

/** Construction sites (/api/construction-sites, specification §7). Portal users read their own. */
export const siteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config, db);

  app.get(
    "/api/construction-sites",
    {
      schema: { tags, querystring: siteListQuerySchema, response: { 200: z.array(siteListItemSchema) } },
    },
    async (request, reply) => {
      return sendPage(reply, listSites(db, request.query, null), countSites(db, request.query, null));
    },
  );

  app.get(
    "/api/construction-sites/estimate-options",
    {
      schema: {
        tags,
        summary: "Preventivi accettati su cui aprire un cantiere",
        querystring: z.object({ q: z.string().trim().max(200).optional() }),
        response: { 200: z.array(siteEstimateOptionSchema) },
      },
    },
    async (request) => siteEstimateOptions(db, request.query.q),
  );

  app.get(
    "/api/construction-sites/:id",
    { schema: { tags, params: idParams, response: { 200: siteDetailSchema } } },
    async (request) => {
      const detail = await getSiteDetail(db, request.params.id, null);
      if (!detail) throw notFound(SITE_NOT_FOUND);
      return detail;
    },
  );

  app.post(
    "/api/construction-sites",
    { schema: { tags, body: siteInputSchema, response: { 201: siteSchema } } },
    async (request, reply) => reply.status(201).send(await createSite(db, request, request.body)),
  );

  app.put(
    "/api/construction-sites/:id",
    { schema: { tags, params: idParams, body: siteUpdateSchema, response: { 200: siteSchema } } },
    async (request) => updateSite(db, request, request.params.id, request.body),
  );

  app.delete(
    "/api/construction-sites/:id",
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const keys = await deleteSite(db, request, request.params.id);
      // Files go after the commit: a failed delete leaves an orphan file, never a dangling row.
      await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
      return reply.status(204).send(null);
    },
  );
};
