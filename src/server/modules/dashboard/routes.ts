import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardQuerySchema, dashboardSchema } from "@domain/dashboard";
import { todayIso } from "@domain/dates";
import type { AppDeps } from "../../deps";
import { getDashboard } from "./queries";

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/dashboard",
    { schema: { tags: ["dashboard"], querystring: dashboardQuerySchema, response: { 200: dashboardSchema } } },
    async (request) => getDashboard(db, request.query.date ?? todayIso()),
  );
};
