import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  informationReplySchema,
  officeInformationRequestListQuerySchema,
  officeInformationRequestSchema,
} from "@domain/portal";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { keyset, sendKeysetPage } from "../../lib/list";
import { countInformationRequests, informationRequestKeys } from "../portal/lists";
import { getOffice, listOffice } from "./queries";
import { NOT_FOUND, replyToRequest } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["richieste"];
const office = { access: "office" as const };

/** The office's side of the portal's "Richiedi Informazioni" (admin and ufficio). */
export const informationRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/information-requests",
    {
      config: office,
      schema: { tags, querystring: officeInformationRequestListQuerySchema, response: { 200: z.array(officeInformationRequestSchema) } },
    },
    async (request, reply) => {
      const ks = keyset(request.query, informationRequestKeys(request.query.sort));
      const rows = listOffice(db, request.query, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countInformationRequests(db, null, request.query));
    },
  );

  app.get(
    "/api/information-requests/:id",
    { config: office, schema: { tags, params: idParams, response: { 200: officeInformationRequestSchema } } },
    async (request) => {
      const row = await getOffice(db, request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      return row;
    },
  );

  app.post(
    "/api/information-requests/:id/reply",
    {
      config: office,
      schema: { tags, params: idParams, body: informationReplySchema, response: { 200: officeInformationRequestSchema } },
    },
    async (request) => {
      await replyToRequest(db, config, actorOf(request), request.params.id, request.body.reply, request.body.version);
      return (await getOffice(db, request.params.id))!;
    },
  );
};
