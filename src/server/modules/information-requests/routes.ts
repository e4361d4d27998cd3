import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import {
  informationReplySchema,
  officeInformationRequestListQuerySchema,
  officeInformationRequestSchema,
} from "@domain/portal";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { keyset } from "../../lib/list";
import { sendKeysetPage } from "../../http/page";
import { countInformationRequests, informationRequestKeys } from "../portal/lists";
import { getOffice, listOffice } from "./queries";
import { NOT_FOUND, replyToRequest } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["richieste"];

/** The office's side of the portal's "Richiedi Informazioni" (admin and ufficio). */
export const informationRequestEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/information-requests",
      access: "office",
      summary: "Richieste di informazioni dei clienti",
      schema: { tags, querystring: officeInformationRequestListQuerySchema, response: { 200: z.array(officeInformationRequestSchema) } },
      handler: async (request, reply) => {
        const ks = keyset(request.query, informationRequestKeys(request.query.sort));
        const rows = listOffice(db, request.query, ks);
        return sendKeysetPage(reply, ks, request.query, rows, countInformationRequests(db, null, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/information-requests/:id",
      access: "office",
      summary: "Una richiesta di informazioni",
      schema: { tags, params: idParams, response: { 200: officeInformationRequestSchema } },
      handler: async (request) => {
        const row = await getOffice(db, request.params.id);
        if (!row) throw notFound(NOT_FOUND);
        return row;
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/information-requests/:id/reply",
      access: "office",
      summary: "Risponde a una richiesta di informazioni",
      schema: { tags, params: idParams, body: informationReplySchema, response: { 200: officeInformationRequestSchema } },
      handler: async (request) => {
        await replyToRequest(db, config, actorOf(request), request.params.id, request.body.reply, request.body.version);
        return (await getOffice(db, request.params.id))!;
      },
    }),
  ];
};
