import { type VaultStatus, vaultStatusResponse } from '@helo/contract/vault';
import { useQuery } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

/**
 * The Vault's status query, apart from its page (use-vault.ts): the side menu reads it on every
 * dashboard page for the Vault's lock, as it reads the Nest's (vite.config.ts: the dashboard chunk).
 */
export const VAULT_PATH = '/v1/vault';
/** One query for the Vault's status: activating writes its answer here, so the menu's lock goes at once. */
export const VAULT_KEY = ['vault'];

/** Whether the Vault is on, what it holds and its limits; `active` false before activation. */
export function useVault() {
  return useQuery({
    queryKey: VAULT_KEY,
    queryFn: async (): Promise<VaultStatus> => expectFound(await api.get(VAULT_PATH, vaultStatusResponse)).data,
  });
}

/**
 * The menu's lock (vault/feature.ts `activation`): true once the Vault is known to be on, so until
 * then the lock stays and never shows the Vault on when it is not.
 */
export const useVaultActive = () => useVault().data?.active === true;
