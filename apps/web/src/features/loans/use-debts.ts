import { debtsResponse } from '@helo/contract/catalogues';
import {
  type SaveUserDebtsBody,
  type UpdateUserDebtBody,
  type UserDebt,
  userDebtResponse,
  userDebtsResponse,
} from '@helo/contract/user-debts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

export const USER_DEBTS_KEY = ['loans', 'debts'];

/** The debt types (spec §7: loaded on start and kept). */
export function useDebtCatalogue() {
  return useQuery({
    queryKey: ['loans', 'catalogue'],
    queryFn: async () => expectFound(await api.get('/v1/debts', debtsResponse)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const fetchUserDebts = async (): Promise<UserDebt[]> =>
  expectFound(await api.get('/v1/user-debts', userDebtsResponse)).data;

export function useUserDebts() {
  return useQuery({ queryKey: USER_DEBTS_KEY, queryFn: fetchUserDebts });
}

/**
 * Reads the saved list again (the Reload of a refused save) and puts it in the cache, so every part
 * of the page shows it; resolves to the list.
 */
export function useReloadUserDebts(): () => Promise<UserDebt[]> {
  const client = useQueryClient();
  return () => client.fetchQuery({ queryKey: USER_DEBTS_KEY, queryFn: fetchUserDebts, staleTime: 0 });
}

/**
 * True for a save refused because the saved loans changed since this page read them: another tab
 * or device saved (409), or deleted a loan this list still names (404). The page offers a reload.
 */
export const isStaleSave = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

/** Saves one loan (PUT /v1/user-debts/{id}); the reply replaces that loan in the cached list. */
export function useUpdateUserDebt(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateUserDebtBody) =>
      expectFound(await api.put(`/v1/user-debts/${encodeURIComponent(id)}`, body, userDebtResponse)),
    onSuccess: (result) =>
      client.setQueryData<UserDebt[]>(USER_DEBTS_KEY, (list) => list?.map((d) => (d.id === id ? result.data : d))),
  });
}

/** Saves the whole list; the reply (the saved debts) replaces the cached list at once. */
export function useSaveUserDebts() {
  const client = useQueryClient();
  return useMutation({
    // The client answers a 404 with a result; for a save it is a refusal like any other.
    mutationFn: async (body: SaveUserDebtsBody) =>
      expectFound(await api.put('/v1/user-debts', body, userDebtsResponse)),
    onSuccess: (result) => client.setQueryData(USER_DEBTS_KEY, result.data),
  });
}
