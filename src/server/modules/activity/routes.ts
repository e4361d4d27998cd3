import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityEntrySchema, activityQuerySchema } from "@domain/activity";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { listActivity } from "./queries";

export const activityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/activity",
    { config: { access: "office" },
      schema: { tags: ["attività"], querystring: activityQuerySchema, response: { 200: z.array(activityEntrySchema) } },
    },
    async (request) => {
      // The office's log: admin and ufficio, never a technician nor the portal (docs/domain/roles.md).
      return listActivity(db, { ...request.query, clientId: null });
    },
  );
};
