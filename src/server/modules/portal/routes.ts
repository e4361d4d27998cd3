import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { sendPage } from "../../http/page";
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
import { portalDocumentEndpoints } from "./document-routes";
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
const tags = ["portale"];

/**
 * Everything a client user can reach (docs/domain/portal.md): the generic routes are
 * the office's (admin only); the portal answers from here, through allowlist schemas that carry
 * no costs, supplier orders, internal notes, drafts or activity.
 */
export const portalEndpoints = (deps: AppDeps): Endpoint[] => {
  const { db, config } = deps;
  return [
    ...portalDocumentEndpoints(deps),

    endpoint({
      method: "GET",
      url: "/api/portal/dashboard",
      access: "user",
      summary: "Portale: la pagina iniziale del cliente",
      schema: { tags, response: { 200: portalDashboardSchema } },
      handler: async (request) => {
        const { clientId, userId } = portalUser(actorOf(request));
        const dashboard = await getPortalDashboard(db, clientId, userId);
        if (!dashboard) throw notFound("Cliente non trovato");
        return dashboard;
      },
    }),

    // "I miei progetti", "I miei preventivi", "Le mie richieste" (docs/domain/portal.md).
    endpoint({
      method: "GET",
      url: "/api/portal/projects",
      access: "user",
      summary: "Portale: i miei lavori",
      schema: { tags, querystring: portalProjectListQuerySchema, response: { 200: z.array(portalProjectListItemSchema) } },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        return sendPage(reply, listPortalProjects(db, clientId, request.query), countPortalProjects(db, clientId, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/estimates",
      access: "user",
      summary: "Portale: i miei preventivi",
      schema: { tags, querystring: portalEstimateListQuerySchema, response: { 200: z.array(portalEstimateSummarySchema) } },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        return sendPage(reply, listPortalEstimates(db, clientId, request.query), countPortalEstimates(db, clientId, request.query));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/survey-requests",
      access: "user",
      summary: "Portale: le mie richieste di sopralluogo",
      schema: { tags, querystring: portalSurveyRequestListQuerySchema, response: { 200: z.array(portalSurveyRequestSchema) } },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        return sendPage(
          reply,
          listPortalSurveyRequests(db, clientId, request.query),
          countPortalSurveyRequests(db, clientId, request.query),
        );
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/information-requests",
      access: "user",
      summary: "Portale: le mie richieste di informazioni",
      schema: {
        tags,
        querystring: portalInformationRequestListQuerySchema,
        response: { 200: z.array(informationRequestViewSchema) },
      },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        return sendPage(
          reply,
          listPortalInformationRequests(db, clientId, request.query),
          countInformationRequests(db, clientId, request.query),
        );
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/projects/:id",
      access: "user",
      summary: "Portale: un mio lavoro",
      schema: { tags, params: idParams, response: { 200: portalProjectSchema } },
      handler: async (request) => {
        const project = await getPortalProject(db, portalUser(actorOf(request)).clientId, request.params.id);
        if (!project) throw notFound("Progetto non trovato");
        return project;
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/estimates/:id",
      access: "user",
      summary: "Portale: un mio preventivo",
      schema: { tags, params: idParams, response: { 200: portalEstimateSchema } },
      handler: async (request) => {
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
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/invoices",
      access: "user",
      summary: "Portale: le mie fatture",
      schema: { tags, querystring: invoiceListQuery, response: { 200: z.array(portalInvoiceSummarySchema) } },
      handler: async (request, reply) => {
        const { clientId } = portalUser(actorOf(request));
        return sendPage(
          reply,
          listPortalInvoices(db, clientId, request.query.limit, request.query.offset),
          countPortalInvoices(db, clientId),
        );
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/portal/invoices/:id",
      access: "user",
      summary: "Portale: una mia fattura",
      schema: { tags, params: idParams, response: { 200: portalInvoiceSchema } },
      handler: async (request) => {
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
    }),

    endpoint({
      method: "POST",
      url: "/api/portal/survey-requests",
      access: "user",
      summary: "Portale: chiede un sopralluogo",
      schema: { tags, body: surveyRequestSchema, response: { 201: surveyRequestResultSchema } },
      handler: async (request, reply) => {
        const survey = await createSurveyRequest(db, config, actorOf(request), portalUser(actorOf(request)).clientId, request.body);
        return reply.status(201).send(survey);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/portal/information-requests",
      access: "user",
      summary: "Portale: chiede informazioni all'impresa",
      schema: { tags, body: informationRequestSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await sendInformationRequest(db, config, actorOf(request), portalUser(actorOf(request)).clientId, request.body);
        return reply.status(204).send(null);
      },
    }),
  ];
};
