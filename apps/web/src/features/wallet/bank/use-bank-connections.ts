import {
  type BankConnection,
  type BankConnectionBody,
  type BankMappingBody,
  bankConnectionResponse,
  bankConnectionsResponse,
  bankSyncResponse,
} from '@helo/contract/bank-connections';
import { messageOnly } from '@helo/contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';
import { walletFeature } from '../feature.ts';

const PATH = '/v1/bank-connections';
/** Under the wallet's key: a sync adds transactions and moves balances, which one invalidation reads again. */
export const BANK_KEY = ['wallet', 'bank-connections'];

export function useBankConnections() {
  return useQuery({
    queryKey: BANK_KEY,
    queryFn: async (): Promise<BankConnection[]> => expectFound(await api.get(PATH, bankConnectionsResponse)).data,
  });
}

function useAfterWrite() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['wallet'] });
}

const connectionPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function useConnectBank() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: BankConnectionBody) => expectFound(await api.post(PATH, body, bankConnectionResponse)),
    onSuccess: after,
  });
}

export function useMapBankAccounts(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: BankMappingBody) =>
      expectFound(await api.put(`${connectionPath(id)}/accounts`, body, bankConnectionResponse)),
    onSuccess: after,
  });
}

export function useSyncBank(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async () => expectFound(await api.post(`${connectionPath(id)}/sync`, {}, bankSyncResponse)),
    onSuccess: after,
  });
}

export function useDisconnectBank(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async () => expectFound(await api.del(connectionPath(id), messageOnly)),
    onSuccess: after,
  });
}
