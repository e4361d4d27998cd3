import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { estimateAcceptSchema, estimateRequestChangesSchema, type EstimateDetail } from "@domain/estimates";
import { notificationListSchema } from "@domain/notifications";
import { portalAcceptResultSchema } from "@domain/portal";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { storageFor } from "../../storage";
import { clientMaySeeAttachment } from "../attachments/access";
import { ATTACHMENT_NOT_FOUND, attachmentFileQuery } from "../attachments/file-query";
import { sendStoredFile } from "../../http/stored-file";
import { findAttachment } from "../attachments/queries";
import { acceptEstimate, requestEstimateChanges } from "../estimates/actions";
import { estimatePdfSource } from "../estimates/pdf";
import { sendPdf } from "../../http/pdf-answer";
import { getEstimateDetail } from "../estimates/queries";
import { ESTIMATE_NOT_FOUND } from "../estimates/service";
import { invoicePdfSource } from "../invoices/documents";
import { findInvoiceDocument } from "../invoices/queries";
import { INVOICE_NOT_FOUND } from "../invoices/service";
import { markAllRead, markRead, type Bell } from "../notifications/queries";
import { readBell } from "../notifications/read-bell";
import { portalUser } from "./portal-user";
import { isVisibleEstimate, isVisibleInvoice } from "./queries";
import { actorOf, type Actor } from "../../auth/actor";

const tags = ["portale"];
const user = { access: "user" as const };
const fileQuery = z.object({ download: z.enum(["0", "1"]).optional() });

/**
 * The portal's documents and actions (docs/domain/portal.md): PDFs of the client's own
 * sent estimates and issued invoices, the shared photos of its sites, acceptance, change requests
 * and its bell. The client always comes from the session; a draft or another client's record
 * answers 404 exactly like a missing one.
 */
export const portalDocumentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  const storage = storageFor(config, db);

  app.get(
    "/api/portal/estimates/:id/pdf",
    { config: user, schema: { tags, params: idParams, querystring: fileQuery, response: { 200: z.any().describe("application/pdf") } } },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      if (!(await isVisibleEstimate(db, clientId, request.params.id))) throw notFound(ESTIMATE_NOT_FOUND);
      const detail = (await getEstimateDetail(db, request.params.id, clientId)) as EstimateDetail | null;
      if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
      return sendPdf(request, reply, await estimatePdfSource(db, config, detail));
    },
  );

  app.get(
    "/api/portal/invoices/:id/pdf",
    { config: user, schema: { tags, params: idParams, querystring: fileQuery, response: { 200: z.any().describe("application/pdf") } } },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      if (!(await isVisibleInvoice(db, clientId, request.params.id))) throw notFound(INVOICE_NOT_FOUND);
      const doc = await findInvoiceDocument(db, request.params.id, clientId);
      if (!doc) throw notFound(INVOICE_NOT_FOUND);
      return sendPdf(request, reply, await invoicePdfSource(db, config, doc));
    },
  );

  app.get(
    "/api/portal/attachments/:id/file",
    { config: user, schema: { tags, params: idParams, querystring: attachmentFileQuery } },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      const row = await findAttachment(db, request.params.id);
      if (!row || !(await clientMaySeeAttachment(db, clientId, row))) throw notFound(ATTACHMENT_NOT_FOUND);
      return sendStoredFile(reply, storage, row, request.query.download === "1");
    },
  );

  app.post(
    "/api/portal/estimates/:id/accept",
    { config: user, schema: { tags, params: idParams, body: estimateAcceptSchema, response: { 200: portalAcceptResultSchema } } },
    async (request) => {
      const { clientId } = portalUser(actorOf(request));
      const { signedBy, version } = request.body;
      return acceptEstimate(db, actorOf(request), request.params.id, signedBy, version, { clientId, ip: request.ip }, config);
    },
  );

  app.post(
    "/api/portal/estimates/:id/request-changes",
    { config: user, schema: { tags, params: idParams, body: estimateRequestChangesSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await requestEstimateChanges(deps, actorOf(request), request.params.id, request.body.message, portalUser(actorOf(request)).clientId);
      return reply.status(204).send(null);
    },
  );

  const bellOf = (actor: Actor): Bell => ({ audience: "client", clientId: portalUser(actor).clientId });

  app.get("/api/portal/notifications", { config: user, schema: { tags, response: { 200: notificationListSchema } } }, async (request) =>
    readBell(db, bellOf(actorOf(request))),
  );

  app.post("/api/portal/notifications/read-all", { config: user, schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    await markAllRead(db, bellOf(actorOf(request)));
    return reply.status(204).send(null);
  });

  app.post(
    "/api/portal/notifications/:id/read",
    { config: user, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      if (!(await markRead(db, bellOf(actorOf(request)), request.params.id))) throw notFound("Notifica non trovata");
      return reply.status(204).send(null);
    },
  );
};
