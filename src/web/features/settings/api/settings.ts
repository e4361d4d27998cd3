import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ErrorBody } from "@domain/common";
import type { Settings, SettingsValues } from "@domain/settings";
import { api, ApiError } from "@web/lib/api";
import { settingsKeys } from "./keys";
import { invalidateCompany } from "@web/lib/query-keys";

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: () => api.get<Settings>("/api/settings"),
});

export const useSettings = () => useQuery(settingsQueryOptions);

/** Saving changes what the landing and the portal show, so the public company data refreshes too. */
function useInvalidateCompany() {
  const qc = useQueryClient();
  return (settings: Settings) => {
    qc.setQueryData(settingsKeys.all, settings);
    return invalidateCompany(qc);
  };
}

export function useSaveSettings() {
  const refresh = useInvalidateCompany();
  return useMutation({
    mutationFn: (values: SettingsValues) => api.put<Settings>("/api/settings", values),
    onSuccess: refresh,
  });
}

async function uploadLogo(file: File): Promise<Settings> {
  const body = new FormData();
  body.append("logo", file);
  const res = await fetch("/api/settings/logo", {
    method: "POST",
    credentials: "include",
    body,
    headers: { accept: "application/json" },
  });
  const parsed = (await res.json().catch(() => undefined)) as (Settings & ErrorBody) | undefined;
  if (!res.ok) throw new ApiError(res.status, parsed?.message ?? `${res.status}: ${res.statusText}`, parsed);
  return parsed as Settings;
}

export function useUploadLogo() {
  const refresh = useInvalidateCompany();
  return useMutation({ mutationFn: uploadLogo, onSuccess: refresh });
}

export function useRemoveLogo() {
  const refresh = useInvalidateCompany();
  return useMutation({
    mutationFn: async () => {
      const res = await fetch("/api/settings/logo", {
        method: "DELETE",
        credentials: "include",
        headers: { accept: "application/json" },
      });
      const parsed = (await res.json().catch(() => undefined)) as (Settings & ErrorBody) | undefined;
      if (!res.ok) throw new ApiError(res.status, parsed?.message ?? `${res.status}: ${res.statusText}`, parsed);
      return parsed as Settings;
    },
    onSuccess: refresh,
  });
}
