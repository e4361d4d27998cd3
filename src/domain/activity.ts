import { idSchema } from "./common";
import { z } from "./zod";

/** Entries of the activity log as timelines and the dashboard show them (docs/domain/operations.md). */
export const activityEntrySchema = z.object({
  id: idSchema,
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  description: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_DEFAULT_LIMIT = 20;
export const ACTIVITY_MAX_LIMIT = 100;

export const activityQuerySchema = z.object({
  entityType: z.string().trim().max(50, "entityType: massimo 50 caratteri").optional(),
  entityId: z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional()),
  limit: z.coerce
    .number({ error: "limit: numero non valido" })
    .int("limit: deve essere intero")
    .min(1, "limit: minimo 1")
    .max(ACTIVITY_MAX_LIMIT, `limit: massimo ${ACTIVITY_MAX_LIMIT}`)
    .default(ACTIVITY_DEFAULT_LIMIT),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
