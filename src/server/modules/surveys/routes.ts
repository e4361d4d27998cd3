import { endpoint, type Endpoint } from "../../http/endpoint";
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
import { sendKeysetPage } from "../../http/page";
import { storageFor } from "../../storage";
import { assigneeFilter } from "../team/queries";
import { countSurveys, getSurveyDetail, listSurveys, surveyKeyset } from "./queries";
import { createSurvey, deleteSurvey, updateSurvey } from "./service";
import { actorOf } from "../../auth/actor";

const NOT_FOUND = "Sopralluogo non trovato";

export const surveyEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  const storage = storageFor(config, db);
  return [
    endpoint({
      method: "GET",
      url: "/api/surveys",
      access: "staff",
      summary: "Elenco dei sopralluoghi",
      schema: { tags: ["sopralluoghi"], querystring: surveyListQuerySchema, response: { 200: z.array(surveySchema) } },
      handler: async (request, reply) => {
        const query = { ...request.query, assignedUserId: assigneeFilter(request.query, request.user?.id) };
        const ks = surveyKeyset(query);
        return sendKeysetPage(reply, ks, query, listSurveys(db, query, null, ks), countSurveys(db, query, null));
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/surveys/:id",
      access: "staff",
      summary: "Un sopralluogo",
      schema: { tags: ["sopralluoghi"], params: idParams, response: { 200: byRole(surveyDetailSchema, surveyDetailTecnicoSchema) } },
      handler: async (request) => {
        const detail = await getSurveyDetail(db, request.params.id);
        if (!detail) throw notFound(NOT_FOUND);
        return seesMoney(request) ? detail : surveyDetailForTecnico(detail);
      },
    }),

    endpoint({
      method: "POST",
      url: "/api/surveys",
      access: "staff",
      summary: "Pianifica un sopralluogo",
      schema: { tags: ["sopralluoghi"], body: surveyInputSchema, response: { 201: surveySchema } },
      handler: async (request, reply) => {
        return reply.status(201).send(await createSurvey(db, actorOf(request), request.body));
      },
    }),

    endpoint({
      method: "PUT",
      url: "/api/surveys/:id",
      access: "staff",
      summary: "Modifica un sopralluogo",
      schema: { tags: ["sopralluoghi"], params: idParams, body: surveyUpdateSchema, response: { 200: surveySchema } },
      handler: async (request) => updateSurvey(db, actorOf(request), request.params.id, request.body, config),
    }),

    endpoint({
      method: "DELETE",
      url: "/api/surveys/:id",
      access: "staff",
      summary: "Elimina un sopralluogo",
      schema: { tags: ["sopralluoghi"], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteSurvey(db, storage, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    }),
  ];
};
