import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Survey, SurveyInput, SurveyValues } from "@domain/surveys";
import { activityKeys } from "@web/components/timeline";
import { api } from "@web/lib/api";
import { surveyKeys } from "./keys";
import { invalidateClients, invalidateContacts } from "@web/lib/query-keys";

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: surveyKeys.all });
    void qc.invalidateQueries({ queryKey: activityKeys.all });
    // Client and contact pages count their surveys.
    void invalidateClients(qc);
    void invalidateContacts(qc);
  };
}

export function useSaveSurvey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version, values }: { id?: string; version?: number; values: SurveyValues }) =>
      id ? api.put<Survey>(`/api/surveys/${id}`, { ...values, version }) : api.post<Survey>("/api/surveys", values),
    onSuccess: refresh,
  });
}

/** The survey as the form edits it: nulls become empty fields. */
export function surveyToInput(s: Survey): SurveyInput {
  return {
    clientId: s.clientId,
    contactId: s.contactId ?? "",
    date: s.date,
    time: s.time ?? "",
    address: s.address,
    description: s.description ?? "",
    notes: s.notes ?? "",
    status: s.status,
    surveyType: s.surveyType ?? "",
    estimatedDuration: s.estimatedDuration ?? "",
    requiredEquipment: s.requiredEquipment ?? "",
    accessConditions: s.accessConditions ?? "",
    issuesFound: s.issuesFound ?? "",
    measurements: s.measurements ?? "",
    photosNotes: s.photosNotes ?? "",
    urgencyLevel: s.urgencyLevel ?? "",
    weatherConditions: s.weatherConditions ?? "",
    ownerPresent: s.ownerPresent,
    safetyNotes: s.safetyNotes ?? "",
    followUpRequired: s.followUpRequired,
    followUpDate: s.followUpDate ?? "",
    assignedUserId: s.assignedUserId ?? "",
  };
}

/** Calendar "Sposta" and drag-and-drop: the same PUT with only day and time changed. */
export function useMoveSurvey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ survey, date, time }: { survey: Survey; date: string; time: string | null }) =>
      api.put<Survey>(`/api/surveys/${survey.id}`, { ...surveyToInput(survey), date, time: time ?? "", version: survey.version }),
    onSuccess: refresh,
  });
}

export function useDeleteSurvey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(`/api/surveys/${id}`), onSuccess: refresh });
}
