import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SurveyRequestResult, SurveyRequestValues } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export function useRequestSurvey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: SurveyRequestValues) => api.post<SurveyRequestResult>("/api/portal/survey-requests", values),
    onSuccess: () => qc.invalidateQueries({ queryKey: portalKeys.all }),
  });
}
