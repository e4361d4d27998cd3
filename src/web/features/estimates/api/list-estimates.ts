import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Estimate, EstimateListParams } from "@domain/estimates";
import { api } from "@web/lib/api";
import { estimateKeys } from "./keys";

export const estimatesQueryOptions = (params: EstimateListParams) =>
  queryOptions({
    queryKey: estimateKeys.list(params),
    queryFn: () => api.list<Estimate>("/api/estimates", params),
    placeholderData: keepPreviousData,
  });

export const useEstimates = (params: EstimateListParams) => useQuery(estimatesQueryOptions(params));
