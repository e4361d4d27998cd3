import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type {
  InformationRequestView,
  PortalEstimateListParams,
  PortalEstimateSummary,
  PortalInformationRequestListParams,
  PortalProjectListItem,
  PortalProjectListParams,
  PortalSurveyRequest,
  PortalSurveyRequestListParams,
} from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

// The portal's lists (docs/domain/portal.md): the server pages, filters and sorts.

export const usePortalEstimates = (params: PortalEstimateListParams) =>
  useQuery(
    queryOptions({
      queryKey: portalKeys.list("estimates", params),
      queryFn: () => api.list<PortalEstimateSummary>("/api/portal/estimates", params),
      placeholderData: keepPreviousData,
    }),
  );

export const usePortalProjects = (params: PortalProjectListParams) =>
  useQuery(
    queryOptions({
      queryKey: portalKeys.list("projects", params),
      queryFn: () => api.list<PortalProjectListItem>("/api/portal/projects", params),
      placeholderData: keepPreviousData,
    }),
  );

export const usePortalSurveyRequests = (params: PortalSurveyRequestListParams) =>
  useQuery(
    queryOptions({
      queryKey: portalKeys.list("survey-requests", params),
      queryFn: () => api.list<PortalSurveyRequest>("/api/portal/survey-requests", params),
      placeholderData: keepPreviousData,
    }),
  );

export const usePortalInformationRequests = (params: PortalInformationRequestListParams) =>
  useQuery(
    queryOptions({
      queryKey: portalKeys.list("information-requests", params),
      queryFn: () => api.list<InformationRequestView>("/api/portal/information-requests", params),
      placeholderData: keepPreviousData,
    }),
  );
