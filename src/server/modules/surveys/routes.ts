import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { surveyDetailSchema, surveyInputSchema, surveyListQuerySchema, surveySchema, surveyUpdateSchema, type SurveyValues } from "@domain/surveys";
import { z } from "@domain/zod";
import { clientScope } from "../../auth/guard";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { storageFor } from "../../storage";
import { countSurveys, getSurveyDetail, listSurveys } from "./queries";
import { createSurvey, deleteSurvey, updateSurvey } from "./service";

const NOT_FOUND = "Sopralluogo non trovato";

/**
 * What a portal user's survey request may set (specification §7): the client is their own,
 * the status programmato, and the technical fields are the company's to fill in.
 */
function portalRequest(values: SurveyValues, clientId: string): SurveyValues {
  return {
    ...values,
    clientId,
    contactId: null,
    status: "programmato",
    surveyType: null,
    estimatedDuration: null,
    requiredEquipment: null,
    accessConditions: null,
    issuesFound: null,
    measurements: null,
    photosNotes: null,
    urgencyLevel: null,
    weatherConditions: null,
    ownerPresent: false,
    safetyNotes: null,
    followUpRequired: false,
    followUpDate: null,
  };
}

export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config);

  // Portal users see their own client's surveys only (decisions §2).
  app.get(
    "/api/surveys",
    {
      config: { access: "user" },
      schema: { tags: ["sopralluoghi"], querystring: surveyListQuerySchema, response: { 200: z.array(surveySchema) } },
    },
    async (request, reply) => {
      const scope = clientScope(request);
      const rows = await listSurveys(db, request.query, scope);
      return sendPage(reply, rows, request.query.offset, () => countSurveys(db, request.query, scope));
    },
  );

  app.get(
    "/api/surveys/:id",
    { config: { access: "user" }, schema: { tags: ["sopralluoghi"], params: idParams, response: { 200: surveyDetailSchema } } },
    async (request) => {
      const scope = clientScope(request);
      const detail = await getSurveyDetail(db, request.params.id);
      if (!detail || (scope && detail.clientId !== scope)) throw notFound(NOT_FOUND);
      return detail;
    },
  );

  app.post(
    "/api/surveys",
    { config: { access: "user" }, schema: { tags: ["sopralluoghi"], body: surveyInputSchema, response: { 201: surveySchema } } },
    async (request, reply) => {
      const scope = clientScope(request);
      const values = scope ? portalRequest(request.body, scope) : request.body;
      return reply.status(201).send(await createSurvey(db, request, values));
    },
  );

  app.put(
    "/api/surveys/:id",
    { schema: { tags: ["sopralluoghi"], params: idParams, body: surveyUpdateSchema, response: { 200: surveySchema } } },
    async (request) => updateSurvey(db, request, request.params.id, request.body),
  );

  app.delete(
    "/api/surveys/:id",
    { schema: { tags: ["sopralluoghi"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSurvey(db, storage, request, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
