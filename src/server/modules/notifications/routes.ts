import { endpoint, type Endpoint } from "../../http/endpoint";
import { idParams } from "@domain/common";
import { notificationListSchema } from "@domain/notifications";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { markAllRead, markRead, type Bell } from "./queries";
import { readBell } from "./read-bell";

const ADMIN_BELL: Bell = { audience: "admin", clientId: null };

/** The office's bell (admin and ufficio); the portal's bell is served by /api/portal/notifications. */
export const notificationEndpoints = ({ db }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/notifications",
      access: "office",
      summary: "Le mie notifiche",
      schema: { tags: ["notifiche"], response: { 200: notificationListSchema } },
      handler: async () => readBell(db, ADMIN_BELL),
    }),

    endpoint({
      method: "POST",
      url: "/api/notifications/read-all",
      access: "office",
      summary: "Segna lette tutte le mie notifiche",
      schema: { tags: ["notifiche"], response: { 204: z.null() } },
      handler: async (_request, reply) => {
      await markAllRead(db, ADMIN_BELL);
      return reply.status(204).send(null);
    },
    }),

    endpoint({
      method: "POST",
      url: "/api/notifications/:id/read",
      access: "office",
      summary: "Segna letta una notifica",
      schema: { tags: ["notifiche"], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        // Another bell's notification answers like a missing one.
        if (!(await markRead(db, ADMIN_BELL, request.params.id))) throw notFound("Notifica non trovata");
        return reply.status(204).send(null);
      },
    }),
  ];
};
