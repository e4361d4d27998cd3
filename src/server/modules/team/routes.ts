import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
const staff = { access: "staff" as const };

/** The team (issue 19): who can be assigned, the technician's day and his actions from the phone. */
export const teamRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/team",
    {
      config: staff,
      schema: {
        tags: ["squadra"],
        summary: "Persone attive dello staff (selettori e legenda del calendario)",
        response: { 200: z.array(teamMemberSchema) },
      },
    },
    async (request) => listTeam(db, roleMayUse(requireUser(request).role, "office")),
  );

  app.get(
    "/api/my-day",
    {
      config: staff,
      schema: {
        tags: ["squadra"],
        summary: "Sopralluoghi di oggi e domani e cantieri attivi assegnati a me",
        response: { 200: myDaySchema },
      },
    },
    async (request) => myDay(db, requireUser(request).id, myDayWindow()),
  );

  app.post(
    "/api/surveys/:id/notes",
    {
      config: staff,
      schema: {
        tags: ["squadra"],
        params: idParams,
        body: noteAppendSchema,
        response: { 200: fieldUpdateResultSchema },
      },
    },
    async (request) => appendSurveyNote(db, actorOf(request), request.params.id, request.body.text),
  );

  app.post(
    "/api/surveys/:id/complete",
    {
      config: staff,
      schema: {
        tags: ["squadra"],
        params: idParams,
        body: completeSurveySchema,
        response: { 200: fieldUpdateResultSchema },
      },
    },
    async (request) => completeSurvey(db, actorOf(request), request.params.id, request.body.version),
  );

  app.post(
    "/api/construction-sites/:id/notes",
    {
      config: staff,
      schema: {
        tags: ["squadra"],
        params: idParams,
        body: noteAppendSchema,
        response: { 200: fieldUpdateResultSchema },
      },
    },
    async (request) => appendSiteNote(db, actorOf(request), request.params.id, request.body.text),
  );
};
