import {
  type Nest,
  type NestAllocationBody,
  type NestDepositBody,
  nestDepositResponse,
  nestEntriesResponse,
  nestResponse,
} from '@helo/contract/nest';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { nestFeature } from './feature.ts';
import { NEST_KEY, NEST_PATH as PATH } from './nest-query.ts';

export { NEST_KEY, useNest } from './nest-query.ts';

const ENTRIES_KEY = ['nest', 'entries'];

/**
 * After a write: the Nest as the server now has it, and the ledger pages start over. The balances it
 * changes elsewhere (the fund's, the goals', the accounts', the Wallet's) are read again by the query
 * client's loop: every mutation here carries what nest/feature.ts `invalidates` as its meta.
 */
function useAfterWrite() {
  const client = useQueryClient();
  return (nest: Nest) => {
    client.setQueryData<Nest>(NEST_KEY, nest);
    void client.invalidateQueries({ queryKey: ENTRIES_KEY });
  };
}

export function useActivateNest() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: nestFeature.invalidates },
    mutationFn: async () => expectFound(await api.post(`${PATH}/activate`, {}, nestResponse)).data,
    onSuccess: after,
  });
}

export function useSaveRules() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: nestFeature.invalidates },
    mutationFn: async (body: NestAllocationBody) =>
      expectFound(await api.put(`${PATH}/allocation`, body, nestResponse)).data,
    onSuccess: after,
  });
}

export function useRecordDeposit() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: nestFeature.invalidates },
    mutationFn: async (body: NestDepositBody) =>
      expectFound(await api.post(`${PATH}/deposits`, body, nestDepositResponse)).data,
    onSuccess: (data) => after(data.nest),
  });
}

export function useReverseDeposit(id: string) {
  const after = useAfterWrite();
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: nestFeature.invalidates },
    mutationFn: async () =>
      expectFound(await api.post(`${PATH}/deposits/${encodeURIComponent(id)}/reverse`, {}, nestDepositResponse)).data,
    onSuccess: (data) => after(data.nest),
    // Refused because the page was behind (reversed in another tab, a bucket spent): read it again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: NEST_KEY });
    },
  });
}

/** The ledger, newest first, a page at a time. */
export function useNestEntries() {
  return useInfiniteQuery({
    queryKey: ENTRIES_KEY,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      expectFound(
        await api.get(
          `${PATH}/entries${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
          nestEntriesResponse,
        ),
      ).body,
    getNextPageParam: (last) => last.next_cursor,
  });
}
