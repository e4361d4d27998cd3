import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OfficeInformationRequest, OfficeInformationRequestListParams } from "@domain/portal";
import { api } from "@web/lib/api";
import { informationRequestKeys } from "./keys";


export const useInformationRequests = (params: OfficeInformationRequestListParams) =>
  useQuery(
    queryOptions({
      queryKey: informationRequestKeys.list(params),
      queryFn: () => api.list<OfficeInformationRequest>("/api/information-requests", params),
      placeholderData: keepPreviousData,
    }),
  );

export const useInformationRequest = (id: string) =>
  useQuery({ queryKey: informationRequestKeys.one(id), queryFn: () => api.get<OfficeInformationRequest>(`/api/information-requests/${id}`) });

export function useReplyToInformationRequest(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: { reply: string; version: number }) =>
      api.post<OfficeInformationRequest>(`/api/information-requests/${id}/reply`, values),
    onSuccess: (row) => {
      qc.setQueryData(informationRequestKeys.one(id), row);
      return qc.invalidateQueries({ queryKey: informationRequestKeys.lists() });
    },
  });
}
