import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { informationRequests, users } from "../../db/schema";
import { notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { notifyClient } from "../notifications/notify-client";

export const NOT_FOUND = "Richiesta non trovata";

/**
 * The office answers a client's information request: the reply is stored on the request (the
 * client reads it in "Le mie richieste"), recorded in the activity, and the client is told in
 * the portal bell and by e-mail when it has an address. A second reply replaces the first.
 */
export async function replyToRequest(db: Db, config: Config, actor: Actor, id: string, reply: string, version: number) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ clientId: informationRequests.clientId, subject: informationRequests.subject, version: informationRequests.version })
      .from(informationRequests)
      .where(eq(informationRequests.id, id))
      .for("update");
    if (!current) throw notFound(NOT_FOUND);
    if (current.version !== version) throw staleVersion();
    const userId = actor.userId;
    const [author] = userId
      ? await tx.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, userId))
      : [];
    await tx
      .update(informationRequests)
      .set({
        reply,
        repliedAt: sql`now()`,
        repliedById: userId,
        repliedByName: author?.name || author?.username || null,
        version: sql`${informationRequests.version} + 1`,
      })
      .where(and(eq(informationRequests.id, id), eq(informationRequests.version, version)));
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "client",
      entityId: current.clientId,
      clientId: current.clientId,
      description: `Risposta alla richiesta di informazioni "${current.subject}"`,
    });
    await notifyClient(tx, config, {
      clientId: current.clientId,
      kind: "information_reply",
      title: `Risposta alla sua richiesta: ${current.subject}`.slice(0, 200),
      body: reply.slice(0, 500),
      link: `/client/richieste?tab=informazioni`,
      entityType: "information_request",
      entityId: id,
      mail: {
        subject: `Risposta alla sua richiesta: ${current.subject}`,
        lines: [`abbiamo risposto alla sua richiesta di informazioni "${current.subject}":`, "", reply],
      },
    });
  });
}
