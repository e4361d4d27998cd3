import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceListItemSchema,
  invoiceListQuerySchema,
  invoicePaySchema,
  invoiceSchema,
  invoiceUpdateSchema,
} from "@domain/invoices";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { sendStoredDocument } from "../../documents/store";
import { conflict, notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { issuedInvoiceDocument, sendInvoicePdf } from "./documents";
import { countInvoices, findInvoiceDocument, getInvoiceDetail, listInvoices } from "./queries";
import {
  createInvoice,
  deleteInvoice,
  INVOICE_NOT_FOUND,
  issueInvoice,
  transitionInvoice,
  updateInvoice,
} from "./service";

const tags = ["fatture"];
const fileQuery = z.object({ download: z.enum(["0", "1"]).optional() });

/** Invoices (decisions §4–§5): created from a contract, gap-free numbers, PDF and FatturaPA. The portal reads its own through /api/portal. */
export const invoiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/invoices",
    { config: { access: "office" },
      schema: { tags, querystring: invoiceListQuerySchema, response: { 200: z.array(invoiceListItemSchema) } },
    },
    async (request, reply) => {
      return sendPage(reply, listInvoices(db, request.query, null), countInvoices(db, request.query, null));
    },
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
      return sendInvoicePdf(db, config, request, reply, doc);
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
    async (request, reply) => reply.status(201).send(await createInvoice(db, request, request.body)),
  );

  app.put(
    "/api/invoices/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, body: invoiceUpdateSchema, response: { 200: invoiceSchema } } },
    async (request) => updateInvoice(db, request, request.params.id, request.body),
  );

  app.delete(
    "/api/invoices/:id",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteInvoice(db, request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/invoices/:id/send",
    { config: { access: "office" }, schema: { tags, params: idParams, response: { 200: invoiceSchema } } },
    async (request) => issueInvoice(db, config, request, request.params.id),
  );

  app.post(
    "/api/invoices/:id/pay",
    { config: { access: "office" }, schema: { tags, params: idParams, body: invoicePaySchema, response: { 200: invoiceSchema } } },
    async (request) => transitionInvoice(db, request, request.params.id, "pay", request.body.paidDate),
  );
};
