import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityEntrySchema, activityQuerySchema } from "@domain/activity";
import { z } from "@domain/zod";
import { clientScope } from "../../auth/guard";
import type { AppDeps } from "../../deps";
import { listActivity } from "./queries";

export const activityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/activity",
    {
      // Portal users see only the entries of their own client (activity_log.client_id).
      config: { access: "user" },
      schema: { tags: ["attività"], querystring: activityQuerySchema, response: { 200: z.array(activityEntrySchema) } },
    },
    async (request) => {
      const scope = clientScope(request);
      return listActivity(db, { ...request.query, clientId: scope });
    },
  );
};
