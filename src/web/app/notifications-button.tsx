import { NotificationsMenu } from "@web/features/notifications/components/notifications-menu";

/** The bell of both frames: the office's bell for the admin, the portal's own for a client. */
export function NotificationsButton({ role }: { role: "admin" | "client" }) {
  return <NotificationsMenu audience={role} />;
}
