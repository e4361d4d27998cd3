import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserCreateInput, UserPasswordResetInput } from "@domain/passwords";
import type { User, UserListParams, UserUpdateValues, UserWithLink } from "@domain/users";
import { api } from "@web/lib/api";
import { userKeys } from "./keys";


export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => api.list<User>("/api/users", params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams) => useQuery(usersQueryOptions(params));

function useUserMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }) });
}

export const useInviteUser = () => useUserMutation((body: UserCreateInput) => api.post<UserWithLink>("/api/users", body));

export const useUpdateUser = () =>
  useUserMutation(({ id, values }: { id: string; values: UserUpdateValues }) => api.put<User>(`/api/users/${id}`, values));

export const useResetUserPassword = () =>
  useUserMutation(({ id, body }: { id: string; body: UserPasswordResetInput }) =>
    api.post<UserWithLink>(`/api/users/${id}/reset-password`, body),
  );

/** A lost phone: the person signs in with the password alone and enrols again. */
export const useResetUserTwoFactor = () => useUserMutation((id: string) => api.post<User>(`/api/users/${id}/reset-two-factor`, {}));

export const useDeleteUser = () => useUserMutation((id: string) => api.delete(`/api/users/${id}`));
