import { messageOnly } from '@helo/contract/envelope';
import {
  type WalletSummary,
  type WalletTransactionBody,
  type WalletTransactionUpdateBody,
  walletSummaryResponse,
  walletTransactionResponse,
  walletTransactionsResponse,
} from '@helo/contract/wallet';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { walletFeature } from './feature.ts';
import { type TransactionFilters, transactionsQueryString } from './transaction-values.ts';

const PATH = '/v1/wallet';
/** Every wallet query starts with it: a write reads them all again (the balance, the month, the list). */
export const WALLET_KEY = ['wallet'];
export const summaryKey = (month: string) => ['wallet', 'summary', month];

/**
 * The Wallet's balance and a month's spending per budget category. `enabled` false (the Nest is not
 * active, so there is no Wallet) asks nothing.
 */
export function useWalletSummary(month: string, enabled = true) {
  return useQuery({
    queryKey: summaryKey(month),
    queryFn: async (): Promise<WalletSummary> =>
      expectFound(await api.get(`${PATH}/summary?month=${encodeURIComponent(month)}`, walletSummaryResponse)).data,
    enabled,
    // Another month keeps the balance on the page while its figures load.
    placeholderData: keepPreviousData,
  });
}

/** The transactions the filters find, newest first, a page at a time. */
export function useWalletTransactions(filters: TransactionFilters) {
  return useInfiniteQuery({
    queryKey: ['wallet', 'transactions', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      expectFound(
        await api.get(`${PATH}/transactions${transactionsQueryString(filters, pageParam)}`, walletTransactionsResponse),
      ).body,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** After any write: the balance, every month's spending and every list are read again. */
function useAfterWrite() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: WALLET_KEY });
}

const transactionPath = (id: string) => `${PATH}/transactions/${encodeURIComponent(id)}`;

export function useAddTransaction() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: WalletTransactionBody) =>
      expectFound(await api.post(`${PATH}/transactions`, body, walletTransactionResponse)),
    onSuccess: after,
  });
}

export function useUpdateTransaction(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: WalletTransactionUpdateBody) =>
      expectFound(await api.put(transactionPath(id), body, walletTransactionResponse)),
    onSuccess: after,
  });
}

export function useDeleteTransaction(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async () => expectFound(await api.del(transactionPath(id), messageOnly)),
    onSuccess: after,
  });
}
