import {
  type Account,
  type AccountBody,
  type AccountUpdateBody,
  accountResponse,
  accountsResponse,
} from '@helo/contract/accounts';
import { messageOnly } from '@helo/contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';
import { walletFeature } from '../feature.ts';

const PATH = '/v1/accounts';
/**
 * Under the wallet's key: a transaction's write (or an import) changes the balances, and an account's
 * write (a name, transactions moved) changes the lists, so one invalidation reads both again.
 */
export const ACCOUNTS_KEY = ['wallet', 'accounts'];

/** The user's open accounts, the Wallet first. */
export function useAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: async (): Promise<Account[]> => expectFound(await api.get(PATH, accountsResponse)).data,
  });
}

function useAfterWrite() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['wallet'] });
}

const accountPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function useAddAccount() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: AccountBody) => expectFound(await api.post(PATH, body, accountResponse)),
    onSuccess: after,
  });
}

export function useUpdateAccount(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: AccountUpdateBody) => expectFound(await api.put(accountPath(id), body, accountResponse)),
    onSuccess: after,
  });
}

/** Deletes the account, its transactions moved to `moveTo` first. */
export function useDeleteAccount(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (moveTo: string | undefined) =>
      expectFound(
        await api.del(`${accountPath(id)}${moveTo ? `?move_to=${encodeURIComponent(moveTo)}` : ''}`, messageOnly),
      ),
    onSuccess: after,
  });
}
