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
import { invoiceFatturaPa } from "../../documents/fatturapa/invoice";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { renderInvoicePdf } from "./pdf";
import { countInvoices, findInvoiceDocument, getInvoiceDetail, listInvoices } from "./queries";
import { createInvoice, deleteInvoice, INVOICE_NOT_FOUND, transitionInvoice, updateInvoice } from "./service";

const tags = ["fatture"];
const fileQuery = z.object({ download: z.enum(["0", "1"]).optional() });

/** Invoices (decisions §4–§5): created from a contract, gap-free numbers, PDF and FatturaPA. The portal reads its own through /api/portal. */
export const invoiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    "/api/invoices",
    {
      schema: { tags, querystring: invoiceListQuerySchema, response: { 200: z.array(invoiceListItemSchema) } },
    },
    async (request, reply) => {
      return sendPage(reply, listInvoices(db, request.query, null), countInvoices(db, request.query, null));
    },
  );

  app.get(
    "/api/invoices/:id",
    { schema: { tags, params: idParams, response: { 200: invoiceDetailSchema } } },
    async (request) => {
      const detail = await getInvoiceDetail(db, request.params.id, null);
      if (!detail) throw notFound(INVOICE_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    "/api/invoices/:id/pdf",
    {
      schema: {
        tags,
        params: idParams,
        querystring: fileQuery,
        response: { 200: z.any().describe("application/pdf") },
      },
    },
    async (request, reply) => {
      const doc = await findInvoiceDocument(db, request.params.id, null);
      if (!doc) throw notFound(INVOICE_NOT_FOUND);
      const { pdf, fileName } = await renderInvoicePdf(db, config, doc);
      return reply
        .header("Content-Type", "application/pdf")
        .header(
          "Content-Disposition",
          `${request.query.download === "1" ? "attachment" : "inline"}; filename="${fileName}"`,
        )
        .header("Cache-Control", "private, no-store")
        .send(pdf);
    },
  );

  app.get(
    "/api/invoices/:id/fatturapa",
    {
      schema: {
        tags,
        summary: "Fattura elettronica FatturaPA (FPR12)",
        params: idParams,
        response: { 200: z.any().describe("application/xml") },
      },
    },
    async (request, reply) => {
      const doc = await findInvoiceDocument(db, request.params.id, null);
      if (!doc) throw notFound(INVOICE_NOT_FOUND);
      const { xml, fileName } = await invoiceFatturaPa(db, doc);
      return reply
        .header("Content-Type", "application/xml; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .header("Cache-Control", "private, no-store")
        .send(xml);
    },
  );

  app.post(
    "/api/invoices",
    { schema: { tags, body: invoiceCreateSchema, response: { 201: invoiceSchema } } },
    async (request, reply) => reply.status(201).send(await createInvoice(db, request, request.body)),
  );

  app.put(
    "/api/invoices/:id",
    { schema: { tags, params: idParams, body: invoiceUpdateSchema, response: { 200: invoiceSchema } } },
    async (request) => updateInvoice(db, request, request.params.id, request.body),
  );

  app.delete(
    "/api/invoices/:id",
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteInvoice(db, request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/invoices/:id/send",
    { schema: { tags, params: idParams, response: { 200: invoiceSchema } } },
    async (request) => transitionInvoice(db, request, request.params.id, "send"),
  );

  app.post(
    "/api/invoices/:id/pay",
    { schema: { tags, params: idParams, body: invoicePaySchema, response: { 200: invoiceSchema } } },
    async (request) => transitionInvoice(db, request, request.params.id, "pay", request.body.paidDate),
  );
};
