import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Supplier, SupplierListParams } from "@domain/suppliers";
import { api } from "@web/lib/api";
import { supplierKeys } from "./keys";

export const suppliersQueryOptions = (params: SupplierListParams) =>
  queryOptions({
    queryKey: supplierKeys.list(params),
    queryFn: () => api.list<Supplier>("/api/suppliers", params),
    placeholderData: keepPreviousData,
  });

export const useSuppliers = (params: SupplierListParams) => useQuery(suppliersQueryOptions(params));
