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

/** Rows per request of the calendar: the API's largest page (MAX_PAGE_SIZE). */
export const CALENDAR_PAGE = 200;
/**
 * Requests the calendar makes at most for one range. A month (62 days at most, MAX_RANGE_DAYS) is
 * bounded, but a busy month can hold more than one page: the calendar pages through it by cursor
 * rather than drop the surveys past the 200th without a word. Past CALENDAR_PAGES × CALENDAR_PAGE
 * (1,000) it stops and says "Mostrati 1000 di N" under the grid.
 */
export const CALENDAR_PAGES = 5;

/** Every survey of a calendar range (up to CALENDAR_PAGES pages), with the count of the whole range. */
export const useCalendarSurveys = (params: Omit<SurveyListParams, "limit" | "offset" | "after" | "before">) =>
  useQuery({
    queryKey: surveyKeys.list({ ...params, calendar: true }),
    queryFn: async () => {
      let page = await api.list<Survey>("/api/surveys", { ...params, limit: CALENDAR_PAGE });
      const rows = [...page.rows];
      for (let n = 1; n < CALENDAR_PAGES && page.next; n++) {
        page = await api.list<Survey>("/api/surveys", { ...params, limit: CALENDAR_PAGE, after: page.next });
        rows.push(...page.rows);
      }
      return { rows, total: Math.max(page.total, rows.length) };
    },
    placeholderData: keepPreviousData,
  });
