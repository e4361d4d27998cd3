import { crudEndpoints } from "../../http/crud";
import type { Endpoint } from "../../http/endpoint";
import {
  surveyDetailForTecnico,
  surveyDetailSchema,
  surveyDetailTecnicoSchema,
  surveyInputSchema, surveyListQuerySchema, surveySchema, surveyUpdateSchema,
} from "@domain/surveys";
import type { AppDeps } from "../../deps";
import { byRole } from "../../auth/shaping";
import { storageFor } from "../../storage";
import { assigneeFilter } from "../team/queries";
import { countSurveys, getSurveyDetail, listSurveys, surveyKeyset } from "./queries";
import { createSurvey, deleteSurvey, updateSurvey } from "./service";

export const surveyEndpoints = ({ db, config }: AppDeps): Endpoint[] => {
  const storage = storageFor(config, db);
  return crudEndpoints({
    base: "/api/surveys",
    tags: ["sopralluoghi"],
    access: { read: "staff", write: "staff" },
    row: surveySchema,
    list: {
      summary: "Elenco dei sopralluoghi",
      query: surveyListQuerySchema,
      prepare: (query, request) => ({ ...query, assignedUserId: assigneeFilter(query, request.user?.id) }),
      keyset: surveyKeyset,
      rows: (query, ks) => listSurveys(db, query, null, ks),
      count: (query) => countSurveys(db, query, null),
    },
    read: {
      summary: "Un sopralluogo con cliente, referente e preventivi",
      response: byRole(surveyDetailSchema, surveyDetailTecnicoSchema),
      find: (id) => getSurveyDetail(db, id),
      notFound: "Sopralluogo non trovato",
      forTecnico: surveyDetailForTecnico,
    },
    create: { summary: "Pianifica un sopralluogo", body: surveyInputSchema, run: (actor, body) => createSurvey(db, actor, body) },
    update: { summary: "Modifica un sopralluogo", body: surveyUpdateSchema, run: (actor, id, body) => updateSurvey(db, actor, id, body, config) },
    remove: { summary: "Elimina un sopralluogo", run: (actor, id) => deleteSurvey(db, storage, actor, id) },
  });
};
