import { useMutation } from "@tanstack/react-query";
import type { InformationRequestValues } from "@domain/portal";
import { api } from "@web/lib/api";

export function useRequestInformation() {
  return useMutation({
    mutationFn: (values: InformationRequestValues) => api.post<null>("/api/portal/information-requests", values),
  });
}
