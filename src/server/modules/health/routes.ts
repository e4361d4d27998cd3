import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "@domain/zod";
import type { AppDeps } from "../../deps";

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, database }) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["sistema"], response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgresql"]) }) } },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: "ok" as const, database: database.kind };
    },
  );
};
