import { useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

type ClientOption = { id: string; name: string };

/** The client filter: the first 200 by name, plus the one in the URL if it is further down. */
export function useClientFilterOptions(selectedId: string) {
  const list = useQuery({
    queryKey: ["clients", "list", { sort: "name", limit: 200, filter: true }],
    queryFn: () => api.list<ClientOption>("/api/clients", { sort: "name", limit: 200 }),
  });
  const missing = Boolean(selectedId) && list.data !== undefined && !list.data.rows.some((c) => c.id === selectedId);
  const selected = useQuery({
    queryKey: ["clients", "detail", selectedId],
    queryFn: () => api.get<ClientOption>(`/api/clients/${selectedId}`),
    enabled: missing,
  });
  const rows = list.data?.rows ?? [];
  return missing && selected.data ? [selected.data, ...rows] : rows;
}
