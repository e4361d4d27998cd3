import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams, listQuery } from "@domain/common";
import { todayIso } from "@domain/dates";
import {
  informationRequestSchema,
  informationRequestViewSchema,
  paymentCausale,
  portalEstimateListQuerySchema,
  portalEstimateSummarySchema,
  portalInformationRequestListQuerySchema,
  portalProjectListItemSchema,
  portalProjectListQuerySchema,
  portalSurveyRequestListQuerySchema,
  portalSurveyRequestSchema,
  portalDashboardSchema,
  portalEstimateSchema,
  portalInvoiceSchema,
  portalInvoiceSummarySchema,
  portalProjectSchema,
  surveyRequestResultSchema,
  surveyRequestSchema,
} from "@domain/portal";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { DEFAULT_CONTRACT_TERMS } from "../contracts/create-contract";
import { getSettings } from "../settings/queries";
import {
  countPortalInvoices,
  getPortalDashboard,
  getPortalEstimate,
  getPortalInvoice,
  getPortalProject,
  listPortalInvoices,
} from "./queries";
import { getInvoiceDetail } from "../invoices/queries";
import { portalDocumentRoutes } from "./document-routes";
import {
  countInformationRequests,
  countPortalEstimates,
  countPortalProjects,
  countPortalSurveyRequests,
  listPortalEstimates,
  listPortalInformationRequests,
  listPortalProjects,
  listPortalSurveyRequests,
} from "./lists";
import { portalUser } from "./portal-user";
import { createSurveyRequest, sendInformationRequest } from "./service";
import { actorOf } from "../../auth/actor";

const invoiceListQuery = listQuery(["issueDate"] as const);
const user = { access: "user" as const };
const tags = ["portale"];

/**
 * Everything a client user can reach (docs/domain/portal.md): the generic routes are
 * the office's (admin only); the portal answers from here, through allowlist schemas that carry
 * no costs, supplier orders, internal notes, drafts or activity.
 */
export const portalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  await app.register(portalDocumentRoutes, deps);

  app.get(
    "/api/portal/dashboard",
    { config: user, schema: { tags, response: { 200: portalDashboardSchema } } },
    async (request) => {
      const { clientId, userId } = portalUser(actorOf(request));
      const dashboard = await getPortalDashboard(db, clientId, userId);
      if (!dashboard) throw notFound("Cliente non trovato");
      return dashboard;
    },
  );

  // "I miei progetti", "I miei preventivi", "Le mie richieste" (docs/domain/portal.md).
  app.get(
    "/api/portal/projects",
    {
      config: user,
      schema: { tags, querystring: portalProjectListQuerySchema, response: { 200: z.array(portalProjectListItemSchema) } },
    },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      return sendPage(reply, listPortalProjects(db, clientId, request.query), countPortalProjects(db, clientId, request.query));
    },
  );

  app.get(
    "/api/portal/estimates",
    {
      config: user,
      schema: { tags, querystring: portalEstimateListQuerySchema, response: { 200: z.array(portalEstimateSummarySchema) } },
    },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      return sendPage(reply, listPortalEstimates(db, clientId, request.query), countPortalEstimates(db, clientId, request.query));
    },
  );

  app.get(
    "/api/portal/survey-requests",
    {
      config: user,
      schema: { tags, querystring: portalSurveyRequestListQuerySchema, response: { 200: z.array(portalSurveyRequestSchema) } },
    },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      return sendPage(
        reply,
        listPortalSurveyRequests(db, clientId, request.query),
        countPortalSurveyRequests(db, clientId, request.query),
      );
    },
  );

  app.get(
    "/api/portal/information-requests",
    {
      config: user,
      schema: {
        tags,
        querystring: portalInformationRequestListQuerySchema,
        response: { 200: z.array(informationRequestViewSchema) },
      },
    },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      return sendPage(
        reply,
        listPortalInformationRequests(db, clientId, request.query),
        countInformationRequests(db, clientId, request.query),
      );
    },
  );

  app.get(
    "/api/portal/projects/:id",
    { config: user, schema: { tags, params: idParams, response: { 200: portalProjectSchema } } },
    async (request) => {
      const project = await getPortalProject(db, portalUser(actorOf(request)).clientId, request.params.id);
      if (!project) throw notFound("Progetto non trovato");
      return project;
    },
  );

  app.get(
    "/api/portal/estimates/:id",
    { config: user, schema: { tags, params: idParams, response: { 200: portalEstimateSchema } } },
    async (request) => {
      const row = await getPortalEstimate(db, portalUser(actorOf(request)).clientId, request.params.id);
      if (!row) throw notFound("Preventivo non trovato");
      const { estimate, client, items, vat } = row;
      const expired = estimate.expiresAt < todayIso();
      const settings = await getSettings(db);
      return {
        ...estimate,
        vat,
        expired,
        canAccept: estimate.status === "inviato" && !expired,
        items,
        client,
        contractTerms: settings.contractTerms?.trim() || DEFAULT_CONTRACT_TERMS,
      };
    },
  );

  app.get(
    "/api/portal/invoices",
    {
      config: user,
      schema: { tags, querystring: invoiceListQuery, response: { 200: z.array(portalInvoiceSummarySchema) } },
    },
    async (request, reply) => {
      const { clientId } = portalUser(actorOf(request));
      return sendPage(
        reply,
        listPortalInvoices(db, clientId, request.query.limit, request.query.offset),
        countPortalInvoices(db, clientId),
      );
    },
  );

  app.get(
    "/api/portal/invoices/:id",
    { config: user, schema: { tags, params: idParams, response: { 200: portalInvoiceSchema } } },
    async (request) => {
      const row = await getPortalInvoice(db, portalUser(actorOf(request)).clientId, request.params.id);
      if (!row) throw notFound("Fattura non trovata");
      const settings = await getSettings(db);
      const { estimateId, estimateNumber, estimateTitle, clientType, clientFiscalCode, ...invoice } = row;
      // The lines and VAT the client reads are the issued invoice's, frozen with its PDF.
      const detail = (await getInvoiceDetail(db, row.id, portalUser(actorOf(request)).clientId))!;
      const payments = detail.payments.map(({ date, amount, method }) => ({ date, amount, method }));
      return {
        ...invoice,
        payments,
        lines: detail.lines,
        vat: detail.vat,
        estimate: { id: estimateId, number: estimateNumber, title: estimateTitle },
        payment: {
          beneficiary: settings.companyName,
          iban: settings.iban,
          ...paymentCausale({
            invoiceNumber: invoice.number ?? "",
            issueDate: invoice.issueDate,
            clientType,
            clientFiscalCode,
            companyVatNumber: settings.vatNumber,
          }),
        },
      };
    },
  );

  app.post(
    "/api/portal/survey-requests",
    { config: user, schema: { tags, body: surveyRequestSchema, response: { 201: surveyRequestResultSchema } } },
    async (request, reply) => {
      const survey = await createSurveyRequest(db, config, actorOf(request), portalUser(actorOf(request)).clientId, request.body);
      return reply.status(201).send(survey);
    },
  );

  app.post(
    "/api/portal/information-requests",
    { config: user, schema: { tags, body: informationRequestSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await sendInformationRequest(db, config, actorOf(request), portalUser(actorOf(request)).clientId, request.body);
      return reply.status(204).send(null);
    },
  );
};
