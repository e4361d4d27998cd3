import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractDetail, ContractEstimateOption, ContractListItem, ContractListParams } from "@domain/contracts";
import { COMBOBOX_LIMIT } from "@web/components/pickers/async-combobox";
import { toEstimateOption } from "@web/components/pickers/estimate-option";
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

/**
 * Accepted estimates without a contract matching `q` (number, title, client), for "Nuovo
 * Contratto": searched on the server, so an estimate accepted long ago is reachable by typing.
 */
export const searchContractEstimates = async (q: string) =>
  (await api.get<ContractEstimateOption[]>("/api/contracts/estimate-options", { q, limit: COMBOBOX_LIMIT })).map(
    toEstimateOption,
  );
