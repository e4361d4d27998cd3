import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { activityLog } from "../../db/schema";

export interface ActivityListParams {
  entityType?: string | undefined;
  entityId?: string | undefined;
  limit: number;
  /** A portal user's client: only that client's entries. */
  clientId?: string | null;
}

/** Newest first; the (entity_type, entity_id, at) index serves timelines, activity_at_idx the dashboard. */
export async function listActivity(db: Queryable, params: ActivityListParams) {
  const filters: (SQL | undefined)[] = [];
  if (params.entityType) filters.push(eq(activityLog.entityType, params.entityType));
  if (params.entityId) filters.push(eq(activityLog.entityId, params.entityId));
  if (params.clientId) filters.push(eq(activityLog.clientId, params.clientId));
  return db
    .select({
      id: activityLog.id,
      at: activityLog.at,
      actorName: activityLog.actorName,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      description: activityLog.description,
    })
    .from(activityLog)
    .where(and(...filters))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(params.limit);
}
