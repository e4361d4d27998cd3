import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile, ProfileUpdateInput } from "@domain/profile";
import { authKeys } from "@web/lib/session";
import { api } from "@web/lib/api";
import { profileKeys } from "./keys";

export const profileQueryOptions = queryOptions({
  queryKey: profileKeys.profile,
  queryFn: () => api.get<Profile>("/api/profile"),
});

export const useProfile = () => useQuery(profileQueryOptions);

/** Name and e-mail of a staff user; the top bar's name comes from /me, so both refresh. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => api.put<Profile>("/api/profile", input),
    onSuccess: (profile) => {
      qc.setQueryData(profileKeys.profile, profile);
      void qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
