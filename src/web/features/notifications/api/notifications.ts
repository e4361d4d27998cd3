import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationList } from "@domain/notifications";
import { api } from "@web/lib/api";
import { notificationKeys } from "./keys";

/** Whose bell: the office's (/api/notifications) or the portal client's (/api/portal/notifications). */
export type BellAudience = "admin" | "client";
const base = (audience: BellAudience) => (audience === "client" ? "/api/portal/notifications" : "/api/notifications");

export const notificationsQueryOptions = (audience: BellAudience) =>
  queryOptions({
    queryKey: notificationKeys.list(audience),
    queryFn: () => api.get<NotificationList>(base(audience)),
  });

export const useNotifications = (audience: BellAudience) => useQuery(notificationsQueryOptions(audience));

export function useMarkNotificationRead(audience: BellAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<null>(`${base(audience)}/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead(audience: BellAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>(`${base(audience)}/read-all`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
