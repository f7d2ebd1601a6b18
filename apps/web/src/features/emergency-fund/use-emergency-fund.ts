import {
  type EmergencyFund,
  type EmergencyFundBody,
  type EmergencyFundEntry,
  type EmergencyFundEntryBody,
  emergencyFundAfterDeleteResponse,
  emergencyFundEntriesResponse,
  emergencyFundEntryResponse,
  emergencyFundResponse,
} from '@helo/contract/emergency-fund';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { emergencyFundFeature } from './feature.ts';

const PATH = '/v1/user-emergency-fund';
export const FUND_KEY = ['emergency-fund'];
const ENTRIES_KEY = ['emergency-fund', 'entries'];

type EntryPages = InfiniteData<{ data: EmergencyFundEntry[]; next_cursor: string | null }, string | null>;

/** The user's emergency fund, or null before it is set up (the API's 404 'No emergency fund yet'). */
export function useEmergencyFund() {
  return useQuery({
    queryKey: FUND_KEY,
    queryFn: async (): Promise<EmergencyFund | null> => {
      const result = await api.get(PATH, emergencyFundResponse);
      return result.found ? result.data : null;
    },
  });
}

/**
 * Creates the fund. The reply is not put in the cache here: the setup page decides what to show
 * (the results step, then the details page) and fills the cache itself, so a fund appearing in the
 * cache never sends it away in the middle of its own results step.
 */
export function useCreateFund() {
  return useMutation({
    meta: { invalidates: emergencyFundFeature.invalidates },
    mutationFn: async (body: EmergencyFundBody) => expectFound(await api.post(PATH, body, emergencyFundResponse)),
  });
}

/** Saves new setup answers. A changed saved amount may add a correction entry, so the history reloads. */
export function useUpdateFund() {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: emergencyFundFeature.invalidates },
    mutationFn: async (body: EmergencyFundBody) => expectFound(await api.put(PATH, body, emergencyFundResponse)),
    onSuccess: (result) => afterFundChange(client, result.data),
  });
}

/** The fund's deposits and withdrawals, newest first, a page at a time ('Load more'). */
export function useFundEntries() {
  return useInfiniteQuery({
    queryKey: ENTRIES_KEY,
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      const { data, next_cursor } = expectFound(
        await api.get(`${PATH}/entries${query}`, emergencyFundEntriesResponse),
      ).body;
      return { data, next_cursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAddEntry() {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: emergencyFundFeature.invalidates },
    mutationFn: async (body: EmergencyFundEntryBody) =>
      expectFound(await api.post(`${PATH}/entries`, body, emergencyFundEntryResponse)),
    onSuccess: (result) => afterFundChange(client, result.data.fund),
  });
}

export function useDeleteEntry() {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: emergencyFundFeature.invalidates },
    mutationFn: async (id: string) =>
      expectFound(await api.del(`${PATH}/entries/${encodeURIComponent(id)}`, emergencyFundAfterDeleteResponse)),
    onSuccess: (result, id) => {
      // The row goes at once; the history is read again behind it.
      client.setQueryData<EntryPages>(
        ENTRIES_KEY,
        (pages) =>
          pages && { ...pages, pages: pages.pages.map((p) => ({ ...p, data: p.data.filter((e) => e.id !== id) })) },
      );
      afterFundChange(client, result.data.fund);
    },
  });
}

/**
 * After a write: the fund as the server now has it and the history read again. The bell's list, where
 * a milestone the write reached has just appeared, reads again through the query client's loop
 * (feature.ts `invalidates`).
 */
function afterFundChange(client: ReturnType<typeof useQueryClient>, fund: EmergencyFund) {
  client.setQueryData(FUND_KEY, fund);
  void client.invalidateQueries({ queryKey: ENTRIES_KEY });
}
