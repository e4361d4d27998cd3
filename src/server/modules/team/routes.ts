import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import {
  completeSurveySchema,
  fieldUpdateResultSchema,
  myDaySchema,
  myDayWindow,
  noteAppendSchema,
  teamMemberSchema,
} from "@domain/team";
import { z } from "@domain/zod";
import { requireUser, roleMayUse } from "../../auth/guard";
import type { AppDeps } from "../../deps";
import { listTeam, myDay } from "./queries";
import { appendSiteNote, appendSurveyNote, completeSurvey } from "./service";
import { actorOf } from "../../auth/actor";

/** Everything here is for the firm's people in the field and the office: access "staff". */

/** The team (issue 19): who can be assigned, the technician's day and his actions from the phone. */
export const teamEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/team",
      access: "staff",
      summary: "Persone attive dello staff (selettori e legenda del calendario)",
      schema: {
        tags: ["squadra"],
        response: { 200: z.array(teamMemberSchema) },
      },
      handler: async (request) => listTeam(db, roleMayUse(requireUser(request).role, "office")),
    }),

    endpoint({
      method: "GET",
      url: "/api/my-day",
      access: "staff",
      summary: "Sopralluoghi di oggi e domani e cantieri attivi assegnati a me",
      schema: {
        tags: ["squadra"],
        response: { 200: myDaySchema },
      },
      handler: async (request) => myDay(db, requireUser(request).id, myDayWindow()),
    }),

    endpoint({
      method: "POST",
      url: "/api/surveys/:id/notes",
      access: "staff",
      summary: "Aggiunge una nota al sopralluogo",
      schema: {
        tags: ["squadra"],
        params: idParams,
        body: noteAppendSchema,
        response: { 200: fieldUpdateResultSchema },
      },
      handler: async (request) => appendSurveyNote(db, actorOf(request), request.params.id, request.body.text),
    }),

    endpoint({
      method: "POST",
      url: "/api/surveys/:id/complete",
      access: "staff",
      summary: "Chiude il sopralluogo come eseguito",
      schema: {
        tags: ["squadra"],
        params: idParams,
        body: completeSurveySchema,
        response: { 200: fieldUpdateResultSchema },
      },
      handler: async (request) => completeSurvey(db, actorOf(request), request.params.id, request.body.version),
    }),

    endpoint({
      method: "POST",
      url: "/api/construction-sites/:id/notes",
      access: "staff",
      summary: "Aggiunge una nota al cantiere",
      schema: {
        tags: ["squadra"],
        params: idParams,
        body: noteAppendSchema,
        response: { 200: fieldUpdateResultSchema },
      },
      handler: async (request) => appendSiteNote(db, actorOf(request), request.params.id, request.body.text),
    }),
  ];
};
