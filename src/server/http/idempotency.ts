import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client";
import { writeReceipts } from "../db/schema";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAY_HEADER = "idempotent-replay";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** A phone can stay offline for days; a week covers a resend of the same write. */
const KEEP = sql`now() - interval '7 days'`;

declare module "fastify" {
  interface FastifyRequest {
    idempotencyKey?: string | undefined;
  }
}

/**
 * Writes sent with `Idempotency-Key: <uuid>` (the offline queue, docs/domain/sites.md) are applied once:
 * the first successful answer is stored and a resend with the same key, by the same user, gets it
 * back (with `Idempotent-Replay: true`) without running the route again. This covers a phone whose
 * signal dropped after the server answered. The receipt is written after the route's own
 * transaction: a crash between the two would let one resend through, where the version check of
 * the versioned writes still stops it (notes and photos, appends, could then appear twice).
 */
export const idempotency = fp<{ db: Db }>(async (app: FastifyInstance, { db }) => {
  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (!request.user || !WRITES.has(request.method) || typeof key !== "string" || !UUID.test(key)) return;
    const [done] = await db
      .select()
      .from(writeReceipts)
      .where(and(eq(writeReceipts.key, key), eq(writeReceipts.userId, request.user.id)));
    if (done && done.method === request.method && done.url === request.url) {
      return reply
        .status(done.statusCode)
        .header(REPLAY_HEADER, "true")
        .type("application/json; charset=utf-8")
        .send(done.body);
    }
    // Another user's key, or the same key on another request, is simply not a replay.
    if (!done) request.idempotencyKey = key;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.user || reply.statusCode >= 300 || typeof payload !== "string") return payload;
    await db
      .insert(writeReceipts)
      .values({
        key,
        userId: request.user.id,
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        body: payload,
      })
      .onConflictDoNothing();
    await db
      .delete(writeReceipts)
      .where(and(eq(writeReceipts.userId, request.user.id), lt(writeReceipts.createdAt, KEEP)));
    return payload;
  });
});
