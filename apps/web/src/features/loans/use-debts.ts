import type { Debt } from '@helo/contract/catalogues';
import type { SaveUserDebtsBody, UserDebt } from '@helo/contract/user-debts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/auth.ts';

export const USER_DEBTS_KEY = ['user-debts'];

/** The debt types (spec §7: loaded on start and kept). */
export function useDebtCatalogue() {
  return useQuery({
    queryKey: ['debts'],
    queryFn: async () => (await api.get<Debt[]>('/v1/debts')).data ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUserDebts() {
  return useQuery({
    queryKey: USER_DEBTS_KEY,
    queryFn: async () => (await api.get<UserDebt[]>('/v1/user-debts')).data ?? [],
  });
}

/** Saves the whole list; the reply (the saved debts) replaces the cached list at once. */
export function useSaveUserDebts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveUserDebtsBody) => api.put<UserDebt[]>('/v1/user-debts', body),
    onSuccess: (result) => client.setQueryData(USER_DEBTS_KEY, result.data),
  });
}
