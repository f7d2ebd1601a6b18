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
import { NEST_KEY, NEST_PATH as PATH } from './nest-query.ts';

export { NEST_KEY, useNest } from './nest-query.ts';

const ENTRIES_KEY = ['nest', 'entries'];

// The pages whose figures a Nest write changes: the fund's, the goals' and the accounts' (their keys).
const FED_KEYS = [['user-emergency-fund'], ['user-lifestyle-saving'], ['user-investment']];

/**
 * A write changes balances the fund's, goals' and accounts' pages show as well: their queries are
 * marked stale so they read again when next shown, and the ledger pages start over.
 */
function useAfterWrite() {
  const client = useQueryClient();
  return (nest: Nest) => {
    client.setQueryData<Nest>(NEST_KEY, nest);
    for (const queryKey of FED_KEYS) void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: ENTRIES_KEY });
  };
}

export function useActivateNest() {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async () => expectFound(await api.post(`${PATH}/activate`, {}, nestResponse)).data,
    onSuccess: after,
  });
}

export function useSaveRules() {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async (body: NestAllocationBody) =>
      expectFound(await api.put(`${PATH}/allocation`, body, nestResponse)).data,
    onSuccess: after,
  });
}

export function useRecordDeposit() {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async (body: NestDepositBody) =>
      expectFound(await api.post(`${PATH}/deposits`, body, nestDepositResponse)).data,
    onSuccess: (data) => after(data.nest),
  });
}

export function useReverseDeposit(id: string) {
  const after = useAfterWrite();
  const client = useQueryClient();
  return useMutation({
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
