import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardQuerySchema, dashboardSchema, tecnicoDashboardSchema } from "@domain/dashboard";
import { todayIso } from "@domain/dates";
import { byRole, seesMoney } from "../../auth/shaping";
import type { AppDeps } from "../../deps";
import { getDashboard, getTecnicoDashboard } from "./queries";

/** The office's figures, or a technician's counts of his work (never revenue or invoices). */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/dashboard",
    {
      config: { access: "staff" },
      schema: {
        tags: ["dashboard"],
        querystring: dashboardQuerySchema,
        response: { 200: byRole(dashboardSchema, tecnicoDashboardSchema) },
      },
    },
    async (request) => {
      const day = request.query.date ?? todayIso();
      return seesMoney(request) ? getDashboard(db, day) : getTecnicoDashboard(db, day);
    },
  );
};
