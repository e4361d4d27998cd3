import { endpoint, type Endpoint } from "../../http/endpoint";
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
const fileQuery = z.object({ download: z.enum(["0", "1"]).optional() });

/**
 * The portal's documents and actions (docs/domain/portal.md): PDFs of the client's own
 * sent estimates and issued invoices, the shared photos of its sites, acceptance, change requests
 * and its bell. The client always comes from the session; a draft or another client's record
 * answers 404 exactly like a missing one.
 */
export const portalDocumentEndpoints = (deps: AppDeps): Endpoint[] => {
  const { db, config } = deps;
  const storage = storageFor(config, db);

  const bellOf = (actor: Actor): Bell => ({ audience: "client", clientId: portalUser(actor).clientId });
  return [
    endpoint({
      method: "GET",
      url: "/api/portal/estimates/:id/pdf",
      access: "user",
      summary: "Portale: PDF di un mio preventivo",
      schema: { tags, params: idParams, querystring: fileQuery, response: { 200: z.any().describe("application/pdf") } },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        if (!(await isVisibleEstimate(db, clientId, request.params.id))) throw notFound(ESTIMATE_NOT_FOUND);
        const detail = (await getEstimateDetail(db, request.params.id, clientId)) as EstimateDetail | null;
        if (!detail) throw notFound(ESTIMATE_NOT_FOUND);
        return sendPdf(request, reply, await estimatePdfSource(db, config, detail));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/invoices/:id/pdf",
      access: "user",
      summary: "Portale: PDF di una mia fattura",
      schema: { tags, params: idParams, querystring: fileQuery, response: { 200: z.any().describe("application/pdf") } },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        if (!(await isVisibleInvoice(db, clientId, request.params.id))) throw notFound(INVOICE_NOT_FOUND);
        const doc = await findInvoiceDocument(db, request.params.id, clientId);
        if (!doc) throw notFound(INVOICE_NOT_FOUND);
        return sendPdf(request, reply, await invoicePdfSource(db, config, doc));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/attachments/:id/file",
      access: "user",
      summary: "Portale: un file condiviso con me",
      schema: { tags, params: idParams, querystring: attachmentFileQuery },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        const row = await findAttachment(db, request.params.id);
        if (!row || !(await clientMaySeeAttachment(db, clientId, row))) throw notFound(ATTACHMENT_NOT_FOUND);
        return sendStoredFile(reply, storage, row, request.query.download === "1");
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/portal/estimates/:id/accept",
      access: "user",
      summary: "Portale: accetta un mio preventivo",
      schema: { tags, params: idParams, body: estimateAcceptSchema, response: { 200: portalAcceptResultSchema } },
      handler: async (request) => {
        const { clientId } = portalUser(actorOf(request));
        const { signedBy, version } = request.body;
        return acceptEstimate(db, actorOf(request), request.params.id, signedBy, version, { clientId, ip: request.ip }, config);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/portal/estimates/:id/request-changes",
      access: "user",
      summary: "Portale: chiede modifiche a un mio preventivo",
      schema: { tags, params: idParams, body: estimateRequestChangesSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await requestEstimateChanges(deps, actorOf(request), request.params.id, request.body.message, portalUser(actorOf(request)).clientId);
        return reply.status(204).send(null);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/notifications",
      access: "user",
      summary: "Portale: le mie notifiche",
      schema: { tags, response: { 200: notificationListSchema } },
      handler: async (request) =>
      readBell(db, bellOf(actorOf(request))),
    }),

    endpoint({
      method: "POST",
      url: "/api/portal/notifications/read-all",
      access: "user",
      summary: "Portale: segna lette tutte le mie notifiche",
      schema: { tags, response: { 204: z.null() } },
      handler: async (request, reply) => {
      await markAllRead(db, bellOf(actorOf(request)));
      return reply.status(204).send(null);
    },
    }),

    endpoint({
      method: "POST",
      url: "/api/portal/notifications/:id/read",
      access: "user",
      summary: "Portale: segna letta una notifica",
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        if (!(await markRead(db, bellOf(actorOf(request)), request.params.id))) throw notFound("Notifica non trovata");
        return reply.status(204).send(null);
      },
    }),
  ];
};
