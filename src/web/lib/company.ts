import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicCompany } from "@domain/settings";
import { api } from "@web/lib/api";

export const companyQueryOptions = queryOptions({
  queryKey: ["company", "public"],
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
