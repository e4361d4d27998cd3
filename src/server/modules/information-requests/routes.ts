import { and, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { idParams } from "@domain/common";
import {
  informationReplySchema,
  officeInformationRequestListQuerySchema,
  officeInformationRequestSchema,
  type OfficeInformationRequestListParams,
} from "@domain/portal";
import { z } from "@domain/zod";
import type { Config } from "../../config";
import type { Db, Queryable } from "../../db/client";
import type { AppDeps } from "../../deps";
import { clients, informationRequests, users } from "../../db/schema";
import { notFound, staleVersion } from "../../http/errors";
import { cursorSql, keyset, sendKeysetPage, type Keyset } from "../../lib/list";
import { recordActivity } from "../activity/record";
import { notifyClient } from "../notifications/notify-client";
import {
  countInformationRequests,
  informationRequestKeys,
  informationRequestView,
  informationRequestWhere,
} from "../portal/lists";

const NOT_FOUND = "Richiesta non trovata";
const tags = ["richieste"];
const office = { access: "office" as const };

const officeColumns = {
  ...informationRequestView,
  client: { id: clients.id, name: clients.name },
  repliedByName: informationRequests.repliedByName,
  version: informationRequests.version,
};

type OfficeListParams = OfficeInformationRequestListParams & { limit: number; offset: number };

async function listOffice(db: Queryable, params: OfficeListParams, ks: Keyset) {
  const rows = await db
    .select({ ...officeColumns, cursor: cursorSql(ks.keys) })
    .from(informationRequests)
    .innerJoin(clients, eq(clients.id, informationRequests.clientId))
    .where(and(informationRequestWhere(null, params), ks.where))
    .orderBy(...ks.pageOrder)
    .limit(params.limit)
    .offset(ks.offset);
  // Read backwards from a `before` cursor: put the page back in the list's order.
  return ks.backwards ? rows.reverse() : rows;
}

async function getOffice(db: Queryable, id: string) {
  const [row] = await db
    .select(officeColumns)
    .from(informationRequests)
    .innerJoin(clients, eq(clients.id, informationRequests.clientId))
    .where(eq(informationRequests.id, id));
  return row ?? null;
}

/**
 * The office answers a client's information request: the reply is stored on the request (the
 * client reads it in "Le mie richieste"), recorded in the activity, and the client is told in
 * the portal bell and by e-mail when it has an address. A second reply replaces the first.
 */
async function replyToRequest(db: Db, config: Config, request: FastifyRequest, id: string, reply: string, version: number) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ clientId: informationRequests.clientId, subject: informationRequests.subject, version: informationRequests.version })
      .from(informationRequests)
      .where(eq(informationRequests.id, id))
      .for("update");
    if (!current) throw notFound(NOT_FOUND);
    if (current.version !== version) throw staleVersion();
    const userId = request.user?.id ?? null;
    const [author] = userId
      ? await tx.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, userId))
      : [];
    await tx
      .update(informationRequests)
      .set({
        reply,
        repliedAt: sql`now()`,
        repliedById: userId,
        repliedByName: author?.name || author?.username || null,
        version: sql`${informationRequests.version} + 1`,
      })
      .where(and(eq(informationRequests.id, id), eq(informationRequests.version, version)));
    await recordActivity(tx, request, {
      action: "update",
      entityType: "client",
      entityId: current.clientId,
      clientId: current.clientId,
      description: `Risposta alla richiesta di informazioni "${current.subject}"`,
    });
    await notifyClient(tx, config, {
      clientId: current.clientId,
      kind: "information_reply",
      title: `Risposta alla sua richiesta: ${current.subject}`.slice(0, 200),
      body: reply.slice(0, 500),
      link: `/client/richieste?tab=informazioni`,
      entityType: "information_request",
      entityId: id,
      mail: {
        subject: `Risposta alla sua richiesta: ${current.subject}`,
        lines: [`abbiamo risposto alla sua richiesta di informazioni "${current.subject}":`, "", reply],
      },
    });
  });
}

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
      await replyToRequest(db, config, request, request.params.id, request.body.reply, request.body.version);
      return (await getOffice(db, request.params.id))!;
    },
  );
};
