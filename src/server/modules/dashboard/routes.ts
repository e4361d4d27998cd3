import { endpoint, type Endpoint } from "../../http/endpoint";
import { dashboardQuerySchema, dashboardSchema, tecnicoDashboardSchema } from "@domain/dashboard";
import { todayIso } from "@domain/dates";
import { byRole, seesMoney } from "../../auth/shaping";
import type { AppDeps } from "../../deps";
import { getDashboard, getTecnicoDashboard } from "./queries";

/** The office's figures, or a technician's counts of his work (never revenue or invoices). */
export const dashboardEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/dashboard",
      access: "staff",
      summary: "Cruscotto: numeri del mese e cose da fare",
      schema: {
        tags: ["dashboard"],
        querystring: dashboardQuerySchema,
        response: { 200: byRole(dashboardSchema, tecnicoDashboardSchema) },
      },
      handler: async (request) => {
        const day = request.query.date ?? todayIso();
        return seesMoney(request) ? getDashboard(db, day) : getTecnicoDashboard(db, day);
      },
    }),
  ];
};
