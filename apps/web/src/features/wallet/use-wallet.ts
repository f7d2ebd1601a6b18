import { messageOnly } from '@helo/contract/envelope';
import {
  transactionsCsvFileName,
  type WalletKeepBody,
  type WalletMakeTransferBody,
  type WalletMergeBody,
  type WalletPairBody,
  type WalletSummary,
  type WalletTransaction,
  type WalletTransactionBody,
  type WalletTransactionUpdateBody,
  type WalletTransferBody,
  type WalletTransferUpdateBody,
  walletSummaryResponse,
  walletTagsResponse,
  walletTransactionResponse,
  walletTransactionsResponse,
  walletUnpairResponse,
} from '@helo/contract/wallet';
import { addDays } from '@helo/finance/calendar';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiAction } from '../../lib/api-action.ts';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { browserDay } from '../../lib/calendar.ts';
import { saveFile } from '../../lib/save-file.ts';
import { toastSuccess } from '../../lib/toast.ts';
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

/**
 * GET /v1/wallet/transactions.csv with the list's filters, through the API client (it carries the
 * bearer token, which a plain link could not), saved under the server's name for it.
 */
export function useTransactionsCsv(filters: TransactionFilters) {
  return useApiAction(async () => {
    const { blob, fileName } = await api.download(`${PATH}/transactions.csv${transactionsQueryString(filters, null)}`);
    const name = fileName ?? transactionsCsvFileName(browserDay());
    saveFile(blob, name);
    toastSuccess(undefined, `Your transactions are downloaded: ${name}`);
    return undefined;
  });
}

/** The user's tags, each with how many transactions carry it (the tag filter and the tags field offer them). */
export function useWalletTags(enabled = true) {
  return useQuery({
    queryKey: ['wallet', 'tags'],
    queryFn: async () => expectFound(await api.get(`${PATH}/tags`, walletTagsResponse)).data,
    enabled,
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

const transferPath = (id: string) => `${PATH}/transfers/${encodeURIComponent(id)}`;

/** Money moved between two of the user's accounts (never income nor spending). */
export function useAddTransfer() {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async (body: WalletTransferBody) =>
      expectFound(await api.post(`${PATH}/transfers`, body, walletTransactionResponse)),
    onSuccess: after,
  });
}

export function useUpdateTransfer(id: string) {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async (body: WalletTransferUpdateBody) =>
      expectFound(await api.put(transferPath(id), body, walletTransactionResponse)),
    onSuccess: after,
  });
}

export function useDeleteTransfer(id: string) {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async () => expectFound(await api.del(transferPath(id), messageOnly)),
    onSuccess: after,
  });
}

/** A transaction turned into a transfer between its account and `account_id`. */
export function useMakeTransfer(id: string) {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async (body: WalletMakeTransferBody) =>
      expectFound(await api.post(`${transactionPath(id)}/transfer`, body, walletTransactionResponse)),
    onSuccess: after,
  });
}

/** A bank row recognised as a Money Nest deposit, unlinked: it becomes income of its account. */
export function useUnlink(id: string) {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async () => expectFound(await api.post(`${transactionPath(id)}/unlink`, {}, walletTransactionResponse)),
    onSuccess: after,
  });
}

/** Folds the transaction `id` into `into` (its possible duplicate): one stays. */
export function useMergeTransaction(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: WalletMergeBody) =>
      expectFound(await api.post(`${transactionPath(id)}/merge`, body, walletTransactionResponse)),
    onSuccess: after,
  });
}

/** Keeps both of a pair flagged as possible duplicates. */
export function useKeepBoth(id: string) {
  const after = useAfterWrite();
  return useMutation({
    mutationFn: async (body: WalletKeepBody) =>
      expectFound(await api.post(`${transactionPath(id)}/keep`, body, messageOnly)),
    onSuccess: after,
  });
}

/** Undoes the merge the transaction was in: both come back as they were. */
export function useUnmerge() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (id: string) =>
      expectFound(await api.post(`${transactionPath(id)}/unmerge`, {}, walletTransactionResponse)),
    onSuccess: after,
  });
}

/** Two transactions (opposite amounts, two accounts) become one transfer. */
export function usePairTransaction(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: WalletPairBody) =>
      expectFound(await api.post(`${transactionPath(id)}/pair`, body, walletTransactionResponse)),
    onSuccess: after,
  });
}

/** A transfer found in (or paired from) two transactions: both come back as they were. */
export function useUnpairTransfer(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async () => expectFound(await api.post(`${transactionPath(id)}/unpair`, {}, walletUnpairResponse)),
    onSuccess: after,
  });
}

/**
 * The transactions a transaction could be the other side of a transfer with: the opposite amount, in
 * another of the user's accounts, at most `PAIR_DAYS` away (read when the dialog opens).
 */
export const PAIR_DAYS = 7;
export function usePairCandidates(transaction: WalletTransaction, enabled: boolean) {
  const from = addDays(transaction.date, -PAIR_DAYS);
  const to = addDays(transaction.date, PAIR_DAYS);
  return useQuery({
    queryKey: ['wallet', 'transactions', 'pair-candidates', transaction.id, from, to],
    queryFn: async () => {
      const query = new URLSearchParams({ from, to, limit: '100' });
      const page = expectFound(await api.get(`${PATH}/transactions?${query}`, walletTransactionsResponse)).body;
      return page.data.filter(
        (t) =>
          t.kind === 'transaction' &&
          t.id !== transaction.id &&
          t.account_id !== transaction.account_id &&
          Math.round(t.amount * 100) === -Math.round(transaction.amount * 100),
      );
    },
    enabled,
  });
}
