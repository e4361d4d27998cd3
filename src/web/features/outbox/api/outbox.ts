import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OutboxDetail, OutboxListParams, OutboxMessage } from "@domain/outbox";
import { api } from "@web/lib/api";
import { outboxKeys } from "./keys";

export const useOutbox = (params: OutboxListParams) =>
  useQuery(
    queryOptions({
      queryKey: outboxKeys.list(params),
      queryFn: () => api.list<OutboxMessage>("/api/outbox", params),
      placeholderData: keepPreviousData,
    }),
  );

export const useOutboxMessage = (id: string | null) =>
  useQuery({
    queryKey: outboxKeys.detail(id ?? ""),
    queryFn: () => api.get<OutboxDetail>(`/api/outbox/${id}`),
    enabled: id !== null,
  });

export const attachmentUrl = (id: string, index: number) => `/api/outbox/${id}/attachments/${index}`;
