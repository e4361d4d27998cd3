import { and, asc, eq } from "drizzle-orm";
import type { AttachmentEntityType } from "@domain/attachments";
import type { Queryable } from "../../db/client";
import { attachments, constructionSites, estimates, surveys } from "../../db/schema";

export const attachmentColumns = {
  id: attachments.id,
  entityType: attachments.entityType,
  entityId: attachments.entityId,
  fileName: attachments.fileName,
  mimeType: attachments.mimeType,
  size: attachments.size,
  sharedWithClient: attachments.sharedWithClient,
  uploadedBy: attachments.uploadedBy,
  createdAt: attachments.createdAt,
};

export async function listAttachments(db: Queryable, entityType: AttachmentEntityType, entityId: string, onlyShared = false) {
  return db
    .select(attachmentColumns)
    .from(attachments)
    .where(
      and(
        eq(attachments.entityType, entityType),
        eq(attachments.entityId, entityId),
        onlyShared ? eq(attachments.sharedWithClient, true) : undefined,
      ),
    )
    .orderBy(asc(attachments.createdAt), asc(attachments.id)) as Promise<AttachmentRow[]>;
}

export type AttachmentRow = {
  id: string;
  entityType: AttachmentEntityType;
  entityId: string;
  fileName: string;
  mimeType: string;
  size: number;
  sharedWithClient: boolean;
  uploadedBy: string | null;
  createdAt: string;
};

export async function findAttachment(db: Queryable, id: string) {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  return (row ?? null) as (typeof row & { entityType: AttachmentEntityType }) | null;
}

/** The record a file hangs on, with the client it belongs to (for activity and portal scoping). */
export async function findOwner(db: Queryable, entityType: AttachmentEntityType, entityId: string) {
  if (entityType === "survey") {
    const [row] = await db.select({ clientId: surveys.clientId }).from(surveys).where(eq(surveys.id, entityId));
    return row ? { clientId: row.clientId, label: "sopralluogo" } : null;
  }
  const [row] = await db
    .select({ clientId: estimates.clientId, name: constructionSites.name })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(eq(constructionSites.id, entityId));
  return row ? { clientId: row.clientId, label: `cantiere ${row.name}` } : null;
}
