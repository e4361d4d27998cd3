import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InformationRequestValues } from "@domain/portal";
import { api } from "@web/lib/api";
import { portalKeys } from "./keys";

export function useRequestInformation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: InformationRequestValues) => api.post<null>("/api/portal/information-requests", values),
    // "Le mie richieste" shows it at once.
    onSuccess: () => qc.invalidateQueries({ queryKey: portalKeys.all }),
  });
}
