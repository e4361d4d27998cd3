import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyDay, TeamMember } from "@domain/team";
import { api } from "@web/lib/api";
import { teamKeys } from "./query-keys";

export { teamKeys };

export const teamQueryOptions = queryOptions({
  queryKey: teamKeys.team,
  queryFn: () => api.get<TeamMember[]>("/api/team"),
  // People change rarely: one fetch serves every picker and the calendar legend for a while.
  staleTime: 5 * 60_000,
});
export const useTeam = () => useQuery(teamQueryOptions);

export const useMyDay = () => useQuery({ queryKey: teamKeys.myDay, queryFn: () => api.get<MyDay>("/api/my-day") });

/** A record the technician writes to from the field (its writes go through the offline queue). */
export type FieldTarget = { kind: "survey" | "site"; id: string };
