import { idSchema } from "./common";
import { z } from "./zod";

/**
 * What a notification is about. The first four are written by the module where the event
 * happens (notify() inside its transaction); the last three are derived from the data each
 * time the list is read, so no background job is needed.
 */
export const notificationKinds = {
  surveyRequest: "survey_request",
  estimateAccepted: "estimate_accepted",
  estimateChangesRequested: "estimate_changes_requested",
  informationRequest: "information_request",
  invoiceOverdue: "invoice_overdue",
  siteLate: "site_late",
  estimateExpiring: "estimate_expiring",
  siteCompliance: "site_compliance",
} as const;
export type NotificationKind = (typeof notificationKinds)[keyof typeof notificationKinds] | (string & {});

export const derivedNotificationKinds = [
  notificationKinds.invoiceOverdue,
  notificationKinds.siteLate,
  notificationKinds.estimateExpiring,
  notificationKinds.siteCompliance,
] as const;

export const notificationAudiences = ["admin", "client"] as const;
export type NotificationAudience = (typeof notificationAudiences)[number];

export const notificationSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_SHOWN = 30;

export const notificationListSchema = z.object({
  unread: z.number().int(),
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
