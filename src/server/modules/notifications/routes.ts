import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "@domain/common";
import { todayIso } from "@domain/dates";
import { notificationListSchema } from "@domain/notifications";
import { z } from "@domain/zod";
import { clientScope } from "../../auth/guard";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { syncDerivedNotifications } from "./derived";
import { listNotifications, markAllRead, markRead, type Bell } from "./queries";

function bellOf(request: Parameters<typeof clientScope>[0]): Bell {
  const scope = clientScope(request);
  return scope ? { audience: "client", clientId: scope } : { audience: "admin", clientId: null };
}

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    "/api/notifications",
    { config: { access: "user" }, schema: { tags: ["notifiche"], response: { 200: notificationListSchema } } },
    async (request) => {
      const bell = bellOf(request);
      // Overdue invoices, late sites and expiring estimates are brought up to date on read.
      await db.transaction((tx) => syncDerivedNotifications(tx, todayIso(), bell.audience, bell.clientId));
      return listNotifications(db, bell);
    },
  );

  app.post(
    "/api/notifications/read-all",
    { config: { access: "user" }, schema: { tags: ["notifiche"], response: { 204: z.null() } } },
    async (request, reply) => {
      await markAllRead(db, bellOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/notifications/:id/read",
    { config: { access: "user" }, schema: { tags: ["notifiche"], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      // Another bell's notification answers like a missing one.
      if (!(await markRead(db, bellOf(request), request.params.id))) throw notFound("Notifica non trovata");
      return reply.status(204).send(null);
    },
  );
};
