import { useMutation, useQueryClient } from "@tanstack/react-query";
import { activityKeys } from "@web/components/timeline";
import type { Site, SiteValues } from "@domain/sites";
import { api } from "@web/lib/api";
import { siteKeys } from "./keys";

/** Creates when there is no id, otherwise updates with the version the form was opened with. */
export function useSaveSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: SiteValues }) =>
      id
        ? api.put<Site>(`/api/construction-sites/${id}`, { ...values, version })
        : api.post<Site>("/api/construction-sites", values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: siteKeys.all });
      void qc.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}
