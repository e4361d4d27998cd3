import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, idSchema } from "@domain/common";
import {
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceListItemSchema,
  invoiceListQuerySchema,
  invoicePaySchema,
  invoiceSchema,
  invoiceTotalsSchema,
  invoiceUpdateSchema,
} from "@domain/invoices";
import { outboxMessageSchema } from "@domain/outbox";
import {
  creditNoteSchema,
  invoiceEmailSchema,
  invoiceReminderSchema,
  paymentCreateSchema,
  sdiOutcomeSchema,
} from "@domain/payments";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { sendStoredDocument } from "../../documents/store";
import { conflict, notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { invoicePdfSource, issuedInvoiceDocument } from "./documents";
import { sendPdf } from "../../http/pdf-answer";
import { issueCreditNote } from "./credit-notes";
import { deletePayment, payRemainder, recordPayment } from "./payments";
import { countInvoices, findInvoiceDocument, getInvoiceDetail, invoiceKeyset, invoiceListTotals, listInvoices } from "./queries";
import { reissueInvoice, recordSdiOutcome } from "./sdi";
import { emailInvoice, sendReminder } from "./sending";
import { createInvoice, deleteInvoice, INVOICE_NOT_FOUND, issueInvoice, updateInvoice } from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["fatture"];
const fileQuery = z.object({ download: z.enum(["0", "1"]).optional() });
const paymentParams = idParams.extend({ paymentId: idSchema });

/** Invoices (docs/domain/api.md, docs/domain/invoices.md): created from a contract, gap-free numbers, PDF and FatturaPA. The portal reads its own through /api/portal. */
export const invoiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/invoices",
    { config: { access: "office" },
      schema: { tags, querystring: invoiceListQuerySchema, response: { 200: z.array(invoiceListItemSchema) } },
    },
    async (request, reply) => {
      const ks = invoiceKeyset(request.query);
      const rows = listInvoices(db, request.query, null, ks);
      return sendKeysetPage(reply, ks, request.query, rows, countInvoices(db, request.query, null));
    },
  );

  app.get(
    "/api/invoices/totals",
    {
      config: { access: "office" },
      schema: { tags, summary: "Totali dell'elenco filtrato", querystring: invoiceListQuerySchema, response: { 200: invoiceTotalsSchema } },
    },
    async (request) => invoiceListTotals(db, request.query),
  );

  app.get(
    "/api/invoices/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: invoiceDetailSchema } } },
    async (request) => {
      const detail = await getInvoiceDetail(db, request.params.id, null);
      if (!detail) throw notFound(INVOICE_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    "/api/invoices/:id/pdf",
    { config: { access: "office" },
      schema: {
        tags,
        params: idParams,
        querystring: fileQuery,
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
    },
    async (request, reply) => {
      const doc = await findInvoiceDocument(db, request.params.id, null);
      if (!doc) throw notFound(INVOICE_NOT_FOUND);
      return sendPdf(request, reply, await invoicePdfSource(db, config, doc));
    },
  );

  app.get(
    "/api/invoices/:id/fatturapa",
    { config: { access: "office" },
      schema: {
        tags,
        summary: "Fattura elettronica FatturaPA (FPR12), come emessa",
        params: idParams,
        response: { 200: z.any().describe("application/xml"), 304: z.null().describe("Non modificato (ETag)") },
      },
    },
    async (request, reply) => {
      const doc = await findInvoiceDocument(db, request.params.id, null);
      if (!doc) throw notFound(INVOICE_NOT_FOUND);
      if (doc.invoice.status === "bozza") {
        throw conflict("La fattura è in bozza: il file FatturaPA si genera all'emissione");
      }
      return sendStoredDocument(
        request,
        reply,
        await issuedInvoiceDocument(db, config, doc.invoice, "xml"),
        "attachment",
      );
    },
  );

  app.post(
    "/api/invoices",
    { config: { access: "office" }, schema: { tags, body: invoiceCreateSchema, response: { 201: invoiceSchema } } },
    async (request, reply) => reply.status(201).send(await createInvoice(db, actorOf(request), request.body)),
  );

  app.put(
    "/api/invoices/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, body: invoiceUpdateSchema, response: { 200: invoiceSchema } } },
    async (request) => updateInvoice(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/invoices/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteInvoice(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/invoices/:id/send",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: invoiceSchema } } },
    async (request) => issueInvoice(db, config, actorOf(request), request.params.id),
  );

  app.post(
    "/api/invoices/:id/pay",
    {
      config: { access: "office" },
      schema: {
        tags,
        summary: "Registra un pagamento dell'intero residuo",
        params: idParams,
        body: invoicePaySchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => payRemainder(db, config, actorOf(request), request.params.id, request.body.paidDate),
  );

  const detail = async (id: string) => (await getInvoiceDetail(db, id, null))!;

  app.post(
    "/api/invoices/:id/payments",
    {
      config: { access: "office" },
      schema: { tags, summary: "Registra un pagamento (anche parziale)", params: idParams, body: paymentCreateSchema, response: { 201: invoiceDetailSchema } },
    },
    async (request, reply) => {
      await recordPayment(db, config, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(await detail(request.params.id));
    },
  );

  app.delete(
    "/api/invoices/:id/payments/:paymentId",
    {
      config: { access: "office" },
      schema: { tags, summary: "Elimina un pagamento (la fattura torna da incassare)", params: paymentParams, response: { 200: invoiceDetailSchema } },
    },
    async (request) => {
      await deletePayment(db, actorOf(request), request.params.id, request.params.paymentId);
      return detail(request.params.id);
    },
  );

  app.post(
    "/api/invoices/:id/email",
    {
      config: { access: "office" },
      schema: { tags, summary: "Invia la fattura al cliente (PDF emesso in allegato)", params: idParams, body: invoiceEmailSchema, response: { 201: outboxMessageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await emailInvoice(db, config, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    "/api/invoices/:id/reminder",
    {
      config: { access: "office" },
      schema: { tags, summary: "Invia un sollecito di pagamento", params: idParams, body: invoiceReminderSchema, response: { 201: outboxMessageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await sendReminder(db, config, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    "/api/invoices/:id/sdi-outcome",
    {
      config: { access: "office" },
      schema: { tags, summary: "Registra l'esito dello SdI", params: idParams, body: sdiOutcomeSchema, response: { 200: invoiceDetailSchema } },
    },
    async (request) => {
      await recordSdiOutcome(db, actorOf(request), request.params.id, request.body);
      return detail(request.params.id);
    },
  );

  app.post(
    "/api/invoices/:id/reissue",
    {
      config: { access: "office" },
      schema: { tags, summary: "Riemette una fattura scartata (stesso numero, nuovo ProgressivoInvio)", params: idParams, response: { 200: invoiceSchema } },
    },
    async (request) => reissueInvoice(db, config, actorOf(request), request.params.id),
  );

  app.post(
    "/api/invoices/:id/credit-note",
    {
      config: { access: "office" },
      schema: { tags, summary: "Emette una nota di credito (TD04)", params: idParams, body: creditNoteSchema, response: { 201: invoiceSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await issueCreditNote(db, config, actorOf(request), request.params.id, request.body)),
  );
};
