import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicCompany } from "@domain/settings";
import { api } from "@web/lib/api";
import { companyKeys } from "./query-keys";

export const companyQueryOptions = queryOptions({
  queryKey: companyKeys.public(),
  queryFn: () => api.get<PublicCompany>("/api/company"),
  staleTime: 10 * 60_000,
});

export function useCompany() {
  const { data } = useQuery(companyQueryOptions);
  return (
    data ?? {
      companyName: "Colmo",
      phone: null,
      email: null,
      logoUrl: null,
      regimeFiscale: undefined,
      defaultVatRate: undefined,
    }
  );
}
