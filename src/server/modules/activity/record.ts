import type { Actor } from "../../auth/actor";
import type { Queryable } from "../../db/client";
import { activityLog } from "../../db/schema";

export interface ActivityEntry {
  action: "create" | "update" | "delete" | "status" | "send" | "accept" | "reject" | "request" | "upload" | "login";
  entityType: string;
  entityId: string | null;
  clientId?: string | null;
  /** Short Italian sentence shown in timelines and the dashboard. */
  description: string;
}

/** Every write records who did what (docs/domain/operations.md); call it inside the write's transaction. */
export async function recordActivity(db: Queryable, actor: Actor | null, entry: ActivityEntry) {
  await db.insert(activityLog).values({
    actorId: actor?.userId ?? null,
    actorName: actor?.username ?? "sistema",
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    clientId: entry.clientId ?? null,
    description: entry.description,
  });
}
