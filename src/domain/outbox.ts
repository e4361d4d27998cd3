import { idSchema, listQuery, pageCursors } from "./common";
import { z } from "./zod";

/** "Posta in uscita" (docs/domain/operations.md): every e-mail the product sent or stored. */
export const outboxStatuses = ["sent", "stored", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  sent: "Inviata",
  // Kept because no SMTP server is configured: not sent yet, it waits in the outbox.
  stored: "In uscita",
  failed: "Non inviata",
};

export const outboxAttachmentSchema = z.object({ index: z.number().int(), fileName: z.string(), mimeType: z.string() });

export const outboxMessageSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  attachments: z.array(outboxAttachmentSchema),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxDetailSchema = outboxMessageSchema.extend({ text: z.string() });
export type OutboxDetail = z.infer<typeof outboxDetailSchema>;

export const outboxListQuerySchema = listQuery(["createdAt", "to", "subject"] as const).extend(pageCursors);
export type OutboxListParams = Partial<z.output<typeof outboxListQuerySchema>>;
