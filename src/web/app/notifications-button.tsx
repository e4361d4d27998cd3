import { NotificationsMenu } from "@web/features/notifications/components/notifications-menu";

/** The bell of both frames (admin and portal): the notifications feature renders it. */
export function NotificationsButton() {
  return <NotificationsMenu />;
}
