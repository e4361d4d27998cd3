import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SurveyDetail, SurveyDetailTecnico } from "@domain/surveys";
import { api } from "@web/lib/api";
import { surveyKeys } from "./keys";

export const surveyQueryOptions = (id: string) =>
  queryOptions({ queryKey: surveyKeys.detail(id), queryFn: () => api.get<SurveyDetail | SurveyDetailTecnico>(`/api/surveys/${id}`) });

export const useSurvey = (id: string) => useQuery(surveyQueryOptions(id));
