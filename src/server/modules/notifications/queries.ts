import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { NOTIFICATIONS_SHOWN } from "@domain/notifications";
import type { Queryable } from "../../db/client";
import { notifications } from "../../db/schema";

/** Whose bell: the company's, or one portal client's. */
export interface Bell {
  audience: "admin" | "client";
  clientId: string | null;
}

export const bellWhere = (bell: Bell): SQL | undefined =>
  and(
    eq(notifications.audience, bell.audience),
    bell.audience === "client" ? eq(notifications.clientId, bell.clientId ?? "") : undefined,
  );

export async function listNotifications(db: Queryable, bell: Bell) {
  const items = await db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      entityType: notifications.entityType,
      entityId: notifications.entityId,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(bellWhere(bell))
    // Unread first, so a long backlog of read items never hides a new one.
    .orderBy(sql`${notifications.readAt} is null desc`, desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(bellWhere(bell), isNull(notifications.readAt)));
  return { unread: Number(unread?.n ?? 0), items };
}

/** Marks one notification of this bell as read; false when it is not in this bell. */
export async function markRead(db: Queryable, bell: Bell, id: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), bellWhere(bell)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, bell: Bell) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(bellWhere(bell), isNull(notifications.readAt)));
}
