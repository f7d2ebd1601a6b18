import { type Account, accountsResponse } from '@helo/contract/accounts';
import { messageOnly } from '@helo/contract/envelope';
import {
  type AcceptSuggestionBody,
  calendarResponse,
  type RecurringBody,
  type RecurringUpdateBody,
  recurringListResponse,
  recurringResponse,
  recurringSuggestionsResponse,
} from '@helo/contract/recurring';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { billsFeature } from './feature.ts';

const PATH = '/v1/recurring';
export const BILLS_KEY = ['bills'];

export function useSeries() {
  return useQuery({
    queryKey: ['bills', 'series'],
    queryFn: async () => expectFound(await api.get(PATH, recurringListResponse)).data,
  });
}

export function useSuggestions() {
  return useQuery({
    queryKey: ['bills', 'suggestions'],
    queryFn: async () => expectFound(await api.get(`${PATH}/suggestions`, recurringSuggestionsResponse)).data,
  });
}

/** Each due date in [from, to] (at most 92 days). */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: ['bills', 'calendar', from, to],
    queryFn: async () =>
      expectFound(
        await api.get(
          `${PATH}/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          calendarResponse,
        ),
      ).data,
  });
}

/** The user's open accounts, the Wallet first: where a series' money comes and goes. */
export function useBillAccounts() {
  return useQuery({
    queryKey: ['bills', 'accounts'],
    queryFn: async (): Promise<Account[]> => expectFound(await api.get('/v1/accounts', accountsResponse)).data,
  });
}

function useAfterWrite() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: BILLS_KEY });
}

const seriesPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
const suggestionPath = (id: string, action: 'accept' | 'dismiss') =>
  `${PATH}/suggestions/${encodeURIComponent(id)}/${action}`;

export function useAddSeries() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: billsFeature.invalidates },
    mutationFn: async (body: RecurringBody) => expectFound(await api.post(PATH, body, recurringResponse)),
    onSuccess: after,
  });
}

export function useUpdateSeries(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: billsFeature.invalidates },
    mutationFn: async (body: RecurringUpdateBody) =>
      expectFound(await api.put(seriesPath(id), body, recurringResponse)),
    onSuccess: after,
  });
}

export function useDeleteSeries() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: billsFeature.invalidates },
    mutationFn: async (id: string) => expectFound(await api.del(seriesPath(id), messageOnly)),
    onSuccess: after,
  });
}

export function useAcceptSuggestion(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: billsFeature.invalidates },
    mutationFn: async (body: AcceptSuggestionBody) =>
      expectFound(await api.post(suggestionPath(id, 'accept'), body, recurringResponse)),
    onSuccess: after,
  });
}

export function useDismissSuggestion() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: billsFeature.invalidates },
    mutationFn: async (id: string) => expectFound(await api.post(suggestionPath(id, 'dismiss'), {}, messageOnly)),
    onSuccess: after,
  });
}
