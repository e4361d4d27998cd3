import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { notificationListSchema } from "@domain/notifications";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { markAllRead, markRead, type Bell } from "./queries";
import { readBell } from "./read-bell";

const ADMIN_BELL: Bell = { audience: "admin", clientId: null };

/** The office's bell (admin and ufficio); the portal's bell is served by /api/portal/notifications. */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get("/api/notifications", { config: { access: "office" }, schema: { tags: ["notifiche"], response: { 200: notificationListSchema } } }, async () => readBell(db, ADMIN_BELL));

  app.post("/api/notifications/read-all", { config: { access: "office" }, schema: { tags: ["notifiche"], response: { 204: z.null() } } }, async (_request, reply) => {
    await markAllRead(db, ADMIN_BELL);
    return reply.status(204).send(null);
  });

  app.post(
    "/api/notifications/:id/read",
    { config: { access: "office" }, schema: { tags: ["notifiche"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      // Another bell's notification answers like a missing one.
      if (!(await markRead(db, ADMIN_BELL, request.params.id))) throw notFound("Notifica non trovata");
      return reply.status(204).send(null);
    },
  );
};
