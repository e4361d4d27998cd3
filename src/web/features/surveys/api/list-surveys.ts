import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Survey, SurveyListParams } from "@domain/surveys";
import { api } from "@web/lib/api";
import { surveyKeys } from "./keys";

export const surveysQueryOptions = (params: SurveyListParams) =>
  queryOptions({
    queryKey: surveyKeys.list(params),
    queryFn: () => api.list<Survey>("/api/surveys", params),
    placeholderData: keepPreviousData,
  });

export const useSurveys = (params: SurveyListParams) => useQuery(surveysQueryOptions(params));
