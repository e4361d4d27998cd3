import type { Queryable } from "../../db/client";
import { findOwner, type AttachmentRow } from "./queries";

/**
 * The portal rule for files (docs/domain/portal.md, docs/domain/operations.md): a client user sees only photos and documents
 * of construction sites that belong to them AND that the admin marked `sharedWithClient`.
 * Survey files stay internal. The sites module can call this for its own portal screens.
 */
export async function clientMaySeeAttachment(
  db: Queryable,
  clientId: string,
  attachment: Pick<AttachmentRow, "entityType" | "entityId" | "sharedWithClient">,
): Promise<boolean> {
  if (attachment.entityType !== "site" || !attachment.sharedWithClient) return false;
  return clientOwnsEntity(db, clientId, "site", attachment.entityId);
}

/** Whether a portal user's client owns the site (via its estimate) whose files they ask for. */
export async function clientOwnsEntity(db: Queryable, clientId: string, entityType: AttachmentRow["entityType"], entityId: string) {
  if (entityType !== "site") return false;
  const owner = await findOwner(db, entityType, entityId);
  return owner?.clientId === clientId;
}
