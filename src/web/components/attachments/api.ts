import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Attachment, AttachmentEntityType } from "@domain/attachments";
import { api, ApiError } from "@web/lib/api";
import { activityKeys } from "../timeline";
import { queryRoots } from "@web/lib/query-keys";

export const attachmentKeys = {
  all: [queryRoots.attachments] as const,
  of: (entityType: AttachmentEntityType, entityId: string) => [...attachmentKeys.all, entityType, entityId] as const,
};

export const fileUrl = (id: string, opts: { thumb?: boolean; download?: boolean } = {}) =>
  `/api/attachments/${id}/file${opts.thumb ? "?thumb=1" : opts.download ? "?download=1" : ""}`;

export const attachmentsQueryOptions = (entityType: AttachmentEntityType, entityId: string) =>
  queryOptions({
    queryKey: attachmentKeys.of(entityType, entityId),
    queryFn: () => api.get<Attachment[]>("/api/attachments", { entityType, entityId }),
  });

export const useAttachments = (entityType: AttachmentEntityType, entityId: string) => useQuery(attachmentsQueryOptions(entityType, entityId));

/** Multipart upload: the JSON client does not send files, so this one call uses fetch itself. */
async function uploadFiles(entityType: AttachmentEntityType, entityId: string, files: File[]) {
  const body = new FormData();
  for (const file of files) body.append("files", file, file.name);
  const res = await fetch(`/api/attachments?entityType=${entityType}&entityId=${entityId}`, { method: "POST", body, credentials: "include" });
  if (!res.ok) {
    const parsed = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, parsed?.message ?? `${res.status}: ${res.statusText}`);
  }
  return (await res.json()) as Attachment[];
}

export function useAttachmentMutations(entityType: AttachmentEntityType, entityId: string) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: attachmentKeys.of(entityType, entityId) });
    void qc.invalidateQueries({ queryKey: activityKeys.all });
  };
  return {
    upload: useMutation({ mutationFn: (files: File[]) => uploadFiles(entityType, entityId, files), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/api/attachments/${id}`), onSuccess: refresh }),
    share: useMutation({
      mutationFn: ({ id, sharedWithClient }: { id: string; sharedWithClient: boolean }) =>
        api.patch<Attachment>(`/api/attachments/${id}`, { sharedWithClient }),
      onSuccess: refresh,
    }),
  };
}
