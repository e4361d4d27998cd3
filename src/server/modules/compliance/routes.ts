import { endpoint, type Endpoint } from "../../http/endpoint";
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
import type { CsvColumn } from "../../lib/csv";
import { csvExport } from "../../http/csv";
import { sendKeysetPage, totalKnown } from "../../http/page";
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
export const complianceEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  // Multipart parsing exists only for the document upload (its own scope, http/register.ts).
  const multipartOptions = {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: 1, fields: 5, parts: 6 },
  };
  const storage = storageFor(config, db);
  return [
    csvExport({
      access: "office",
      url: "/api/compliance/export.csv",
      summary: "Esporta le scadenze di sicurezza e permessi (CSV)",
      querystring: complianceListQuerySchema.omit({ limit: true, offset: true, after: true, before: true }),
      fileName: "scadenze",
      tags,
      columns: csvColumns,
      // By cursor, without the count (the file has no total).
      fetchPage: async (q, limit, after) =>
        (await listCompliance(db, { ...q, limit, offset: 0, after, before: undefined }, todayIso(), undefined, false))
          .rows,
    }),

    endpoint({
      method: "GET",
      url: "/api/construction-sites/:id/compliance",
      access: "staff",
      summary: "Sicurezza e permessi del cantiere: requisiti e documenti",
      schema: {
        tags,
        params: idParams,
        response: { 200: siteComplianceSchema },
      },
      handler: async (request) => {
        const result = await siteCompliance(db, request.params.id, todayIso());
        if (!result) throw notFound("Cantiere non trovato");
        return result;
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/construction-sites/:id/documents",
      access: "staff",
      summary: "Documenti di sicurezza e permessi del cantiere",
      schema: { tags, params: idParams, response: { 200: z.array(complianceDocumentSchema) } },
      handler: async (request) => {
        const result = await siteCompliance(db, request.params.id, todayIso());
        if (!result) throw notFound("Cantiere non trovato");
        return result.documents;
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/construction-sites/:id/documents",
      access: "staff",
      summary: "Aggiunge un documento al cantiere",
      schema: {
        tags,
        params: idParams,
        body: complianceDocumentInputSchema,
        response: { 201: complianceDocumentSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createSiteDocument(db, actorOf(request), request.params.id, request.body)),
    }),

    endpoint({
      method: "PUT",
      url: "/api/site-documents/:docId",
      access: "office",
      summary: "Modifica un documento del cantiere (scadenza, stato)",
      schema: {
        tags,
        params: docParams,
        body: complianceDocumentUpdateSchema,
        response: { 200: complianceDocumentSchema },
      },
      handler: async (request) => updateDocument(db, actorOf(request), request.params.docId, request.body),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/site-documents/:docId",
      access: "office",
      summary: "Elimina un documento del cantiere",
      schema: { tags, params: docParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        const key = await deleteDocument(db, actorOf(request), request.params.docId);
        if (key) await storage.delete(key).catch(() => undefined);
        return reply.status(204).send(null);
      },
    }),

    endpoint({
      method: "PUT",
      url: "/api/site-documents/:docId/file",
      access: "staff",
      summary: "Carica o sostituisce il PDF o la foto di un documento del cantiere",
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        params: docParams,
        response: { 200: complianceDocumentSchema },
      },
      multipart: multipartOptions,
      handler: async (request) => {
        const part = request.isMultipart() ? await request.file() : undefined;
        return setDocumentFile(db, storage, actorOf(request), request.params.docId, part);
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/site-documents/:docId/file",
      access: "staff",
      summary: "Il file di un documento del cantiere",
      schema: { tags, params: docParams, querystring: z.object({ download: z.enum(["0", "1"]).optional() }) },
      handler: async (request, reply) => {
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
    }),

    endpoint({
      method: "GET",
      url: "/api/suppliers/:id/documents",
      access: "office",
      summary: "Documenti del fornitore (DURC e simili)",
      schema: { tags, params: idParams, response: { 200: z.array(complianceDocumentSchema) } },
      handler: async (request) => supplierDocuments(db, request.params.id, todayIso()),
    }),

    endpoint({
      method: "POST",
      url: "/api/suppliers/:id/documents",
      access: "office",
      summary: "Aggiunge un documento al fornitore",
      schema: {
        tags,
        params: idParams,
        body: supplierDocumentInputSchema,
        response: { 201: complianceDocumentSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createSupplierDocument(db, actorOf(request), request.params.id, request.body)),
    }),

    endpoint({
      method: "GET",
      url: "/api/compliance",
      access: "office",
      summary: "Scadenze di sicurezza e permessi su tutti i cantieri",
      schema: {
        tags,
        querystring: complianceListQuerySchema,
        response: { 200: z.array(complianceRowSchema) },
      },
      handler: async (request, reply) => {
        const ks = complianceKeyset(request.query);
        // The count rides in the page's statement; a client that keeps its total is not sent one.
        const page = listCompliance(db, request.query, todayIso(), ks, !totalKnown(request, request.query));
        return sendKeysetPage(
          reply,
          ks,
          request.query,
          page.then((p) => p.rows),
          page.then((p) => p.total),
        );
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/compliance/summary",
      access: "office",
      summary: "Sicurezza e permessi: documenti in scadenza entro 15 giorni, scaduti o mancanti sui cantieri",
      schema: {
        tags,
        response: { 200: complianceSummarySchema },
      },
      handler: async () => complianceSummary(db, todayIso()),
    }),
  ];
};
