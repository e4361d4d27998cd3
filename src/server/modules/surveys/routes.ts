import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { surveyDetailSchema, surveyInputSchema, surveyListQuerySchema, surveySchema, surveyUpdateSchema } from "@domain/surveys";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { sendPage } from "../../lib/list";
import { storageFor } from "../../storage";
import { countSurveys, getSurveyDetail, listSurveys } from "./queries";
import { createSurvey, deleteSurvey, updateSurvey } from "./service";

const NOT_FOUND = "Sopralluogo non trovato";

export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config, db);

  app.get(
    "/api/surveys",
    {
      schema: { tags: ["sopralluoghi"], querystring: surveyListQuerySchema, response: { 200: z.array(surveySchema) } },
    },
    async (request, reply) => {
      return sendPage(reply, listSurveys(db, request.query, null), countSurveys(db, request.query, null));
    },
  );

  app.get(
    "/api/surveys/:id",
    { schema: { tags: ["sopralluoghi"], params: idParams, response: { 200: surveyDetailSchema } } },
    async (request) => {
      const detail = await getSurveyDetail(db, request.params.id);
      if (!detail) throw notFound(NOT_FOUND);
      return detail;
    },
  );

  app.post(
    "/api/surveys",
    { schema: { tags: ["sopralluoghi"], body: surveyInputSchema, response: { 201: surveySchema } } },
    async (request, reply) => {
      return reply.status(201).send(await createSurvey(db, request, request.body));
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
