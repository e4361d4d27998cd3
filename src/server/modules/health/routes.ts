import { endpoint, type Endpoint } from "../../http/endpoint";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";
import { migrationsApplied } from "./queries";

// Two probes for a load balancer (docs/deploy.md): liveness answers without touching the
// database (a slow database must not get healthy processes restarted); readiness says whether
// this instance should receive traffic: database reachable, every migration of this build
// applied, and not shutting down.

const readySchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  database: z.enum(["pglite", "postgresql"]),
  reason: z.string().optional(),
});

export const healthEndpoints = ({ db, database }: AppDeps): Endpoint[] => {
  return [
    endpoint({
      method: "GET",
      url: "/api/health",
      access: "public",
      summary: "Il processo risponde (liveness)",
      schema: { tags: ["sistema"], response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgresql"]) }) } },
      handler: async (_request, reply) => {
        reply.header("Cache-Control", "no-store");
        return { status: "ok" as const, database: database.kind };
      },
    }),

    endpoint({
      method: "GET",
      url: "/api/health/ready",
      access: "public",
      summary: "Pronto a ricevere traffico: database e migrazioni (readiness)",
      schema: { tags: ["sistema"], response: { 200: readySchema, 503: readySchema } },
      handler: async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        const unavailable = (reason: string) => reply.status(503).send({ status: "unavailable" as const, database: database.kind, reason });
        // Draining (SIGTERM received): the balancer stops sending new requests while those in flight finish.
        if (request.server.lifecycle.draining) return unavailable("Arresto in corso");
        try {
          if (!(await migrationsApplied(db))) return unavailable("Migrazioni del database non applicate");
        } catch {
          return unavailable("Database non raggiungibile");
        }
        return { status: "ready" as const, database: database.kind };
      },
    }),
  ];
};
