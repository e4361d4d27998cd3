import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EstimateDetail } from "@domain/estimates";
import { api } from "@web/lib/api";
import { estimateKeys } from "./keys";

export const estimateQueryOptions = (id: string) =>
  queryOptions({ queryKey: estimateKeys.detail(id), queryFn: () => api.get<EstimateDetail>(`/api/estimates/${id}`) });

export const useEstimate = (id: string, enabled = true) => useQuery({ ...estimateQueryOptions(id), enabled: enabled && !!id });

/** The estimate's PDF: inline for the browser's viewer, or as a download. */
export const estimatePdfUrl = (id: string, download = false) => `/api/estimates/${id}/pdf${download ? "?download=1" : ""}`;
