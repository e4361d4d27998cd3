import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FieldUpdateResult, MyDay, TeamMember } from "@domain/team";
import { useAttachmentMutations } from "@web/components/attachments/api";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";

export const teamKeys = {
  team: ["team"] as const,
  myDay: ["team", "my-day"] as const,
};

export const teamQueryOptions = queryOptions({
  queryKey: teamKeys.team,
  queryFn: () => api.get<TeamMember[]>("/api/team"),
  // People change rarely: one fetch serves every picker and the calendar legend for a while.
  staleTime: 5 * 60_000,
});
export const useTeam = () => useQuery(teamQueryOptions);

export const useMyDay = () => useQuery({ queryKey: teamKeys.myDay, queryFn: () => api.get<MyDay>("/api/my-day") });

export type FieldTarget = { kind: "survey" | "site"; id: string };

const base = (t: FieldTarget) => (t.kind === "survey" ? `/api/surveys/${t.id}` : `/api/construction-sites/${t.id}`);

/** Writes from the technician's phone; each refreshes the day and the lists it touches. */
export function useFieldActions() {
  const qc = useQueryClient();
  const refresh = (t: FieldTarget) => {
    void qc.invalidateQueries({ queryKey: teamKeys.myDay });
    void qc.invalidateQueries({ queryKey: [t.kind === "survey" ? "surveys" : "sites"] });
    void qc.invalidateQueries({ queryKey: activityKeys.all });
  };
  return {
    note: useMutation({
      mutationFn: ({ target, text }: { target: FieldTarget; text: string }) => api.post<FieldUpdateResult>(`${base(target)}/notes`, { text }),
      onSuccess: (_r, v) => refresh(v.target),
    }),
    progress: useMutation({
      mutationFn: ({ id, progress, version }: { id: string; progress: number; version: number }) =>
        api.put<FieldUpdateResult>(`/api/construction-sites/${id}/progress`, { progress, version }),
      onSuccess: (_r, v) => refresh({ kind: "site", id: v.id }),
    }),
    complete: useMutation({
      mutationFn: ({ id, version }: { id: string; version: number }) => api.post<FieldUpdateResult>(`/api/surveys/${id}/complete`, { version }),
      onSuccess: (_r, v) => refresh({ kind: "survey", id: v.id }),
    }),
  };
}

/** Photos go through the attachments endpoints of the survey or site. */
export const usePhotoUpload = (target: FieldTarget) => useAttachmentMutations(target.kind, target.id).upload;
