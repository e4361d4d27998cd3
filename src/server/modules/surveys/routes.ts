import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import {
  surveyDetailForTecnico,
  surveyDetailSchema,
  surveyDetailTecnicoSchema,
  surveyInputSchema, surveyListQuerySchema, surveySchema, surveyUpdateSchema,
} from "@domain/surveys";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { byRole, seesMoney } from "../../auth/shaping";
import { notFound } from "../../http/errors";
import { sendKeysetPage } from "../../lib/list";
import { storageFor } from "../../storage";
import { assigneeFilter } from "../team/queries";
import { countSurveys, getSurveyDetail, listSurveys, surveyKeyset } from "./queries";
import { createSurvey, deleteSurvey, updateSurvey } from "./service";
import { actorOf } from "../../auth/actor";

const NOT_FOUND = "Sopralluogo non trovato";

export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const storage = storageFor(config, db);

  app.get(
    "/api/surveys",
    { config: { access: "staff" },
      schema: { tags: ["sopralluoghi"], querystring: surveyListQuerySchema, response: { 200: z.array(surveySchema) } },
    },
    async (request, reply) => {
      const query = { ...request.query, assignedUserId: assigneeFilter(request.query, request.user?.id) };
      const ks = surveyKeyset(query);
      return sendKeysetPage(reply, ks, query, listSurveys(db, query, null, ks), countSurveys(db, query, null));
    },
  );

  app.get(
    "/api/surveys/:id",
    { config: { access: "staff" }, schema: { tags: ["sopralluoghi"], params: idParams, response: { 200: byRole(surveyDetailSchema, surveyDetailTecnicoSchema) } } },
    async (request) => {
      const detail = await getSurveyDetail(db, request.params.id);
      if (!detail) throw notFound(NOT_FOUND);
      return seesMoney(request) ? detail : surveyDetailForTecnico(detail);
    },
  );

  app.post(
    "/api/surveys",
    { config: { access: "staff" }, schema: { tags: ["sopralluoghi"], body: surveyInputSchema, response: { 201: surveySchema } } },
    async (request, reply) => {
      return reply.status(201).send(await createSurvey(db, actorOf(request), request.body));
    },
  );

  app.put(
    "/api/surveys/:id",
    { config: { access: "staff" }, schema: { tags: ["sopralluoghi"], params: idParams, body: surveyUpdateSchema, response: { 200: surveySchema } } },
    async (request) => updateSurvey(db, actorOf(request), request.params.id, request.body, config),
  );

  app.delete(
    "/api/surveys/:id",
    { config: { access: "staff" }, schema: { tags: ["sopralluoghi"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSurvey(db, storage, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
