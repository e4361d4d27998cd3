import { Bell } from "lucide-react";
import { Button } from "@web/components/ui/button";

/** The bell of both frames; the notifications module (dashboard issue) fills it. */
export function NotificationsButton() {
  return (
    <Button variant="ghost" size="icon" aria-label="Notifiche">
      <Bell aria-hidden className="size-5" />
    </Button>
  );
}
