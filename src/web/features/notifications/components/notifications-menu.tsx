import { Bell, CheckCheck } from "lucide-react";
import { useLocation } from "wouter";
import type { Notification } from "@domain/notifications";
import { formatDateTime } from "@domain/format";
import { Button } from "@web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { toastError } from "@web/components/ui/toast";
import { cn } from "@web/lib/cn";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications, type BellAudience } from "../api/notifications";

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = item.readAt === null;
  return (
    <DropdownMenuItem onSelect={() => onOpen(item)} className="items-start gap-3 py-2">
      <span
        aria-hidden
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")}
      />
      <span className="min-w-0 flex-1">
        <span className={cn("block text-sm wrap-anywhere", unread && "font-semibold")}>
          {item.title}
          {unread ? <span className="sr-only"> (non letta)</span> : null}
        </span>
        {item.body ? <span className="block text-xs wrap-anywhere text-muted-foreground">{item.body}</span> : null}
        <span className="block text-xs text-muted-foreground">{formatDateTime(item.createdAt)}</span>
      </span>
    </DropdownMenuItem>
  );
}

/** The bell of both frames: what needs attention, with the unread count (docs/domain/operations.md). */
export function NotificationsMenu({ audience }: { audience: BellAudience }) {
  const { data, refetch } = useNotifications(audience);
  const markRead = useMarkNotificationRead(audience);
  const markAll = useMarkAllNotificationsRead(audience);
  const [, navigate] = useLocation();
  const unread = data?.unread ?? 0;

  function open(item: Notification) {
    if (item.readAt === null) markRead.mutate(item.id, { onError: (e) => toastError(e.message) });
    if (item.link) navigate(item.link);
  }

  return (
    <DropdownMenu modal={false} onOpenChange={(isOpen) => isOpen && void refetch()}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread ? `Notifiche, ${unread} non lette` : "Notifiche"}
        >
          <Bell aria-hidden className="size-5" />
          {unread ? (
            <span
              aria-hidden
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-1 pt-1">
          <DropdownMenuLabel className="text-sm text-foreground">Notifiche</DropdownMenuLabel>
          {unread ? <span className="px-2.5 text-xs text-muted-foreground">{unread} non lette</span> : null}
        </div>
        {unread ? (
          <DropdownMenuItem
            className="mx-1 text-primary"
            onSelect={(e) => {
              e.preventDefault();
              markAll.mutate(undefined, { onError: (err) => toastError(err.message) });
            }}
          >
            <CheckCheck aria-hidden />
            Segna tutte come lette
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator className="mx-0" />
        {/* Focusable so a keyboard can scroll a long list (the items themselves use arrow keys). */}
        <div role="group" aria-label="Elenco notifiche" tabIndex={0} className="max-h-96 overflow-y-auto p-1 focus-visible:outline-2 focus-visible:outline-ring">
          {!data ? (
            <p className="px-2.5 py-6 text-center text-sm text-muted-foreground">Caricamento...</p>
          ) : data.items.length === 0 ? (
            <p className="px-2.5 py-6 text-center text-sm text-muted-foreground">Nessuna notifica</p>
          ) : (
            data.items.map((item) => <NotificationItem key={item.id} item={item} onOpen={open} />)
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
