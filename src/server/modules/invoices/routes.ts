import { crudEndpoints } from "../../http/crud";
import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { sendStoredDocument } from "../../http/stored-document";
import { conflict, notFound } from "../../http/errors";
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
export const invoiceEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  const detail = async (id: string) => (await getInvoiceDetail(db, id, null))!;
  return [
    ...crudEndpoints({
      base: "/api/invoices",
      tags,
      access: { read: "office", write: "office" },
      row: invoiceSchema,
      list: {
        summary: "Elenco delle fatture",
        query: invoiceListQuerySchema,
        response: z.array(invoiceListItemSchema),
        keyset: invoiceKeyset,
        rows: (query, ks) => listInvoices(db, query, null, ks),
        count: (query) => countInvoices(db, query, null),
      },
      read: {
        summary: "Una fattura con righe e pagamenti",
        response: invoiceDetailSchema,
        find: (id) => getInvoiceDetail(db, id, null),
        notFound: INVOICE_NOT_FOUND,
      },
      create: { summary: "Crea una fattura in bozza", body: invoiceCreateSchema, run: (actor, body) => createInvoice(db, actor, body) },
      update: { summary: "Modifica una fattura in bozza", body: invoiceUpdateSchema, run: (actor, id, body) => updateInvoice(db, actor, id, body) },
      remove: { summary: "Elimina una fattura in bozza", run: (actor, id) => deleteInvoice(db, actor, id) },
    }),

    endpoint({
      method: "GET",
      url: "/api/invoices/totals",
      access: "office",
      summary: "Totali delle fatture filtrate: imponibile, totale e residuo da incassare",
      schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoiceTotalsSchema } },
      handler: async (request) => invoiceListTotals(db, request.query),
    }),

    endpoint({
      method: "GET",
      url: "/api/invoices/:id/pdf",
      access: "office",
      summary: "PDF della fattura",
      schema: {
        tags,
        params: idParams,
        querystring: fileQuery,
        response: { 200: z.any().describe("application/pdf"), 304: z.null().describe("Non modificato (ETag)") },
      },
      handler: async (request, reply) => {
        const doc = await findInvoiceDocument(db, request.params.id, null);
        if (!doc) throw notFound(INVOICE_NOT_FOUND);
        return sendPdf(request, reply, await invoicePdfSource(db, config, doc));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/invoices/:id/fatturapa",
      access: "office",
      summary: "Fattura elettronica FatturaPA (FPR12), come emessa",
      schema: {
        tags,
        params: idParams,
        response: { 200: z.any().describe("application/xml"), 304: z.null().describe("Non modificato (ETag)") },
      },
      handler: async (request, reply) => {
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
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/send",
      access: "office",
      summary: "Emette la fattura in bozza: numero, PDF e FatturaPA",
      schema: { tags, params: idParams, response: { 200: invoiceSchema } },
      handler: async (request) => issueInvoice(db, config, actorOf(request), request.params.id),
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/pay",
      access: "office",
      summary: "Registra il pagamento dell'intero residuo della fattura",
      schema: {
        tags,
        params: idParams,
        body: invoicePaySchema,
        response: { 200: invoiceSchema },
      },
      handler: async (request) => payRemainder(db, config, actorOf(request), request.params.id, request.body.paidDate),
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/payments",
      access: "office",
      summary: "Registra un pagamento (anche parziale)",
      schema: { tags, params: idParams, body: paymentCreateSchema, response: { 201: invoiceDetailSchema } },
      handler: async (request, reply) => {
        await recordPayment(db, config, actorOf(request), request.params.id, request.body);
        return reply.status(201).send(await detail(request.params.id));
      },
    }),

    endpoint({
      method: "DELETE",
      url: "/api/invoices/:id/payments/:paymentId",
      access: "office",
      summary: "Elimina un pagamento (la fattura torna da incassare)",
      schema: { tags, params: paymentParams, response: { 200: invoiceDetailSchema } },
      handler: async (request) => {
        await deletePayment(db, actorOf(request), request.params.id, request.params.paymentId);
        return detail(request.params.id);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/email",
      access: "office",
      summary: "Invia la fattura al cliente (PDF emesso in allegato)",
      schema: { tags, params: idParams, body: invoiceEmailSchema, response: { 201: outboxMessageSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await emailInvoice(db, config, actorOf(request), request.params.id, request.body)),
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/reminder",
      access: "office",
      summary: "Invia un sollecito di pagamento",
      schema: { tags, params: idParams, body: invoiceReminderSchema, response: { 201: outboxMessageSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await sendReminder(db, config, actorOf(request), request.params.id, request.body)),
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/sdi-outcome",
      access: "office",
      summary: "Registra l'esito dello SdI",
      schema: { tags, params: idParams, body: sdiOutcomeSchema, response: { 200: invoiceDetailSchema } },
      handler: async (request) => {
        await recordSdiOutcome(db, actorOf(request), request.params.id, request.body);
        return detail(request.params.id);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/reissue",
      access: "office",
      summary: "Riemette una fattura scartata (stesso numero, nuovo ProgressivoInvio)",
      schema: { tags, params: idParams, response: { 200: invoiceSchema } },
      handler: async (request) => reissueInvoice(db, config, actorOf(request), request.params.id),
    }),

    endpoint({
      method: "POST",
      url: "/api/invoices/:id/credit-note",
      access: "office",
      summary: "Emette una nota di credito (TD04)",
      schema: { tags, params: idParams, body: creditNoteSchema, response: { 201: invoiceSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await issueCreditNote(db, config, actorOf(request), request.params.id, request.body)),
    }),
  ];
};
