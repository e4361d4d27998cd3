import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PortalAccessCreateInput, PortalAccessResetInput } from "@domain/passwords";
import type { PortalAccess } from "@domain/portal";
import { api } from "@web/lib/api";
import { clientKeys } from "./keys";

// The client's portal account (docs/domain/roles.md, docs/domain/api.md); each call refreshes the client detail.

export function useCreatePortalAccess(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalAccessCreateInput) => api.post<PortalAccess>(`/api/clients/${clientId}/portal-access`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}

export function useResetPortalAccess(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalAccessResetInput) => api.post<PortalAccess>(`/api/clients/${clientId}/portal-access/reset`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}

export function useDisablePortalAccess(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`/api/clients/${clientId}/portal-access`),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}
