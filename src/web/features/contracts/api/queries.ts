import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractDetail, ContractEstimateOption, ContractListItem, ContractListParams } from "@domain/contracts";
import { api } from "@web/lib/api";
import { contractKeys } from "./keys";

export const contractsQueryOptions = (params: ContractListParams) =>
  queryOptions({
    queryKey: contractKeys.list(params),
    queryFn: () => api.list<ContractListItem>("/api/contracts", params),
    placeholderData: keepPreviousData,
  });
export const useContracts = (params: ContractListParams) => useQuery(contractsQueryOptions(params));

export const contractQueryOptions = (id: string) =>
  queryOptions({ queryKey: contractKeys.detail(id), queryFn: () => api.get<ContractDetail>(`/api/contracts/${id}`) });
export const useContract = (id: string) => useQuery(contractQueryOptions(id));

/** Accepted estimates without a contract, for "Nuovo Contratto". */
export const useContractEstimateOptions = (enabled: boolean) =>
  useQuery({
    queryKey: contractKeys.estimateOptions(),
    queryFn: () => api.get<ContractEstimateOption[]>("/api/contracts/estimate-options"),
    enabled,
  });
