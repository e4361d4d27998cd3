import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAX_ATTACHMENT_BYTES } from "@domain/attachments";
import { idParams } from "@domain/common";
import {
  complianceDocumentInputSchema,
  complianceDocumentSchema,
  complianceDocumentUpdateSchema,
  complianceKinds,
  complianceListQuerySchema,
  complianceRowSchema,
  complianceStates,
  complianceSummarySchema,
  siteComplianceSchema,
  supplierDocumentInputSchema,
} from "@domain/compliance";
import { todayIso } from "@domain/dates";
import { siteStatuses } from "@domain/statuses";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { registerCsvExport, type CsvColumn } from "../../lib/csv";
import { sendKeysetPage } from "../../lib/list";
import { storageFor } from "../../storage";
import { sendStoredFile } from "../../http/stored-file";
import { complianceSummary } from "./daily";
import { complianceKeyset, documentFile, listCompliance, siteCompliance, supplierDocuments } from "./queries";
import {
  createSiteDocument,
  createSupplierDocument,
  deleteDocument,
  DOCUMENT_NOT_FOUND,
  setDocumentFile,
  updateDocument,
} from "./service";
import { actorOf } from "../../auth/actor";

const tags = ["sicurezza"];
const docParams = z.object({ docId: idParams.shape.id });

const csvColumns: CsvColumn<z.infer<typeof complianceRowSchema>>[] = [
  { header: "Cantiere", value: (r) => r.siteName },
  { header: "Stato cantiere", value: (r) => siteStatuses.label(r.siteStatus) },
  { header: "Documento", value: (r) => complianceKinds.label(r.kind) },
  { header: "Impresa", value: (r) => r.supplierName },
  { header: "Titolo", value: (r) => r.title },
  { header: "Obbligatorio", value: (r) => r.required, type: "boolean" },
  { header: "Scadenza", value: (r) => r.validUntil, type: "date" },
  { header: "Stato", value: (r) => complianceStates.label(r.state) },
];

/**
 * Site compliance, "Sicurezza e permessi" (docs/domain/sites.md): the office writes the papers; a
 * technician reads a site's papers and may add one (the signed paper he photographs on site).
 */
export const complianceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config, db);
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    "/api/construction-sites/:id/compliance",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Sicurezza e permessi del cantiere: requisiti e documenti",
        params: idParams,
        response: { 200: siteComplianceSchema },
      },
    },
    async (request) => {
      const result = await siteCompliance(db, request.params.id, todayIso());
      if (!result) throw notFound("Cantiere non trovato");
      return result;
    },
  );

  app.get(
    "/api/construction-sites/:id/documents",
    {
      config: { access: "staff" },
      schema: { tags, params: idParams, response: { 200: z.array(complianceDocumentSchema) } },
    },
    async (request) => {
      const result = await siteCompliance(db, request.params.id, todayIso());
      if (!result) throw notFound("Cantiere non trovato");
      return result.documents;
    },
  );

  app.post(
    "/api/construction-sites/:id/documents",
    {
      config: { access: "staff" },
      schema: {
        tags,
        params: idParams,
        body: complianceDocumentInputSchema,
        response: { 201: complianceDocumentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSiteDocument(db, actorOf(request), request.params.id, request.body)),
  );

  app.put(
    "/api/site-documents/:docId",
    {
      config: { access: "office" },
      schema: {
        tags,
        params: docParams,
        body: complianceDocumentUpdateSchema,
        response: { 200: complianceDocumentSchema },
      },
    },
    async (request) => updateDocument(db, actorOf(request), request.params.docId, request.body),
  );

  app.delete(
    "/api/site-documents/:docId",
    { config: { access: "office" }, schema: { tags, params: docParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const key = await deleteDocument(db, actorOf(request), request.params.docId);
      if (key) await storage.delete(key).catch(() => undefined);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/site-documents/:docId/file",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "PDF o foto del documento",
        consumes: ["multipart/form-data"],
        params: docParams,
        response: { 200: complianceDocumentSchema },
      },
    },
    async (request) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      return setDocumentFile(db, storage, actorOf(request), request.params.docId, part);
    },
  );

  app.get(
    "/api/site-documents/:docId/file",
    {
      config: { access: "staff" },
      schema: { tags, params: docParams, querystring: z.object({ download: z.enum(["0", "1"]).optional() }) },
    },
    async (request, reply) => {
      const row = await documentFile(db, request.params.docId);
      if (!row) throw notFound(DOCUMENT_NOT_FOUND);
      if (!row.key || !row.name || !row.mime) throw notFound("Il documento non ha un file allegato");
      return sendStoredFile(
        reply,
        storage,
        { storageKey: row.key, fileName: row.name, mimeType: row.mime },
        request.query.download === "1",
      );
    },
  );

  app.get(
    "/api/suppliers/:id/documents",
    {
      config: { access: "office" },
      schema: { tags, params: idParams, response: { 200: z.array(complianceDocumentSchema) } },
    },
    async (request) => supplierDocuments(db, request.params.id, todayIso()),
  );

  app.post(
    "/api/suppliers/:id/documents",
    {
      config: { access: "office" },
      schema: {
        tags,
        params: idParams,
        body: supplierDocumentInputSchema,
        response: { 201: complianceDocumentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSupplierDocument(db, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    "/api/compliance",
    {
      config: { access: "office" },
      schema: {
        tags,
        summary: "Scadenze di sicurezza e permessi su tutti i cantieri",
        querystring: complianceListQuerySchema,
        response: { 200: z.array(complianceRowSchema) },
      },
    },
    async (request, reply) => {
      const ks = complianceKeyset(request.query);
      const page = listCompliance(db, request.query, todayIso(), ks);
      return sendKeysetPage(
        reply,
        ks,
        request.query,
        page.then((p) => p.rows),
        page.then((p) => p.total),
      );
    },
  );

  app.get(
    "/api/compliance/summary",
    {
      config: { access: "office" },
      schema: {
        tags,
        summary: "In scadenza nei prossimi 15 giorni e mancanti sui cantieri in corso",
        response: { 200: complianceSummarySchema },
      },
    },
    async () => complianceSummary(db, todayIso()),
  );

  registerCsvExport(app, {
    access: "office",
    url: "/api/compliance/export.csv",
    querystring: complianceListQuerySchema.omit({ limit: true, offset: true, after: true, before: true }),
    fileName: "scadenze",
    tags,
    columns: csvColumns,
    fetchPage: async (q, limit, offset) =>
      (await listCompliance(db, { ...q, limit, offset, after: undefined, before: undefined }, todayIso())).rows,
  });
};
