import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "@domain/zod";
import { migrationsFolder, type Db } from "../../db/client";
import type { AppDeps } from "../../deps";

// Two probes for a load balancer (docs/deploy.md): liveness answers without touching the
// database (a slow database must not get healthy processes restarted); readiness says whether
// this instance should receive traffic: database reachable, every migration of this build
// applied, and not shutting down.

const migrations = readMigrationFiles({ migrationsFolder });
/** The newest migration of this build (drizzle records its folder timestamp as created_at). */
const latestMigration = migrations.at(-1)!;

/** True when the database has this build's newest migration (by its hash and timestamp). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations where hash = ${latestMigration.hash} and created_at = ${latestMigration.folderMillis}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
}

const readySchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  database: z.enum(["pglite", "postgresql"]),
  reason: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, database }) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["sistema"], response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgresql"]) }) } },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { status: "ok" as const, database: database.kind };
    },
  );

  app.get(
    "/api/health/ready",
    { config: { access: "public" }, schema: { tags: ["sistema"], response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      const unavailable = (reason: string) => reply.status(503).send({ status: "unavailable" as const, database: database.kind, reason });
      // Draining (SIGTERM received): the balancer stops sending new requests while those in flight finish.
      if (app.lifecycle.draining) return unavailable("Arresto in corso");
      try {
        if (!(await migrationsApplied(db))) return unavailable("Migrazioni del database non applicate");
      } catch {
        return unavailable("Database non raggiungibile");
      }
      return { status: "ready" as const, database: database.kind };
    },
  );
};
