import {
  type WalletBulkBody,
  type WalletBulkResult,
  walletBulkResponse,
  walletUndoResponse,
} from '@helo/contract/wallet-bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';
import { walletFeature } from '../feature.ts';

const PATH = '/v1/wallet';

/** After a bulk edit or its undo: the balance, every month's spending and every list read again. */
function useAfterWrite() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['wallet'] });
}

/** One action on many transactions: how many changed, were so already or were skipped, and its edit's id. */
export function useBulkEdit() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: WalletBulkBody): Promise<WalletBulkResult> =>
      expectFound(await api.post(`${PATH}/transactions/bulk`, body, walletBulkResponse)).data,
    onSuccess: after,
  });
}

/** Undoes a bulk edit: every transaction back as it was, but those changed since. */
export function useUndoEdit() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (editId: string) =>
      expectFound(await api.post(`${PATH}/edits/${encodeURIComponent(editId)}/undo`, {}, walletUndoResponse)),
    onSuccess: after,
  });
}
