import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SupplierDetail } from "@domain/suppliers";
import { api } from "@web/lib/api";
import { supplierKeys } from "./keys";

export const supplierQueryOptions = (id: string) =>
  queryOptions({ queryKey: supplierKeys.detail(id), queryFn: () => api.get<SupplierDetail>(`/api/suppliers/${id}`) });

export const useSupplier = (id: string, enabled = true) => useQuery({ ...supplierQueryOptions(id), enabled });
