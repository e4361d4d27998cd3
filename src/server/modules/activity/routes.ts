import { endpoint, type Endpoint } from "../../http/endpoint";
import { activityEntrySchema, activityQuerySchema } from "@domain/activity";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { listActivity } from "./queries";

export const activityEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/activity",
      access: "office",
      summary: "Attività recenti: chi ha fatto cosa",
      schema: { tags: ["attività"], querystring: activityQuerySchema, response: { 200: z.array(activityEntrySchema) } },
      handler: async (request) => {
        // The office's log: admin and ufficio, never a technician nor the portal (docs/domain/roles.md).
        return listActivity(db, { ...request.query, clientId: null });
      },
    }),
  ];
};
