import type { NotificationAudience, NotificationKind } from "@domain/notifications";
import type { Queryable } from "../../db/client";
import { notifications } from "../../db/schema";

export interface NotifyInput {
  /** One of notificationKinds (src/domain/notifications.ts). */
  kind: NotificationKind;
  /** Short Italian line shown in the bell, e.g. "Nuova richiesta di sopralluogo". */
  title: string;
  body?: string | null;
  /** Where clicking it leads, e.g. `/admin/surveys/${id}`. */
  link?: string | null;
  entityType?: string | null;
  entityId?: string | null;
  /** "admin" (default): the company's bell. "client": the portal bell of clientId. */
  audience?: NotificationAudience;
  clientId?: string | null;
}

/**
 * Adds a notification to a bell. Call it with the caller's transaction so the notification
 * exists exactly when the event it announces was committed.
 */
export async function notify(db: Queryable, input: NotifyInput) {
  const audience = input.audience ?? "admin";
  if (audience === "client" && !input.clientId) throw new Error("notify: a client notification needs clientId");
  const [row] = await db
    .insert(notifications)
    .values({
      audience,
      clientId: input.clientId ?? null,
      kind: input.kind,
      title: input.title,
      body: input.body ?? null,
      link: input.link ?? null,
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}
