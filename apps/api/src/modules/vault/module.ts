import { vaultAccounts, vaultFiles } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { vaultRoutes } from './vault.routes.ts';
import { VaultService } from './vault.service.ts';
import { VaultFileStore } from './vault-file-store.ts';
import { vaultStorage } from './vault-storage.ts';

/**
 * The Vault: the user's documents, encrypted (/api/v1/vault). Its `vaultFileStore` lets the account
 * module export and delete the files with the account.
 */
export const vaultModule = defineModule({
  name: 'vault',
  services: ({ db, clock, config, log }) => {
    // On disk under DATA_DIR, or the S3-compatible bucket when VAULT_S3_BUCKET is set.
    const storage = vaultStorage(config);
    const vault = new VaultService({ db, clock, storage, vaultKey: config.vaultKey, log });
    return { vault, vaultFileStore: new VaultFileStore({ db, service: vault, storage }) };
  },
  routes: (_deps, { vault, authenticate }) => [routes('/api/v1/vault', vaultRoutes, { service: vault, authenticate })],
  userTables: [
    {
      name: 'vault_accounts',
      table: vaultAccounts,
      scope: byUser(vaultAccounts.userId),
      withheld: [],
      about: 'Your Vault: when you activated it, the bytes and the number of files it holds.',
      orderBy: [vaultAccounts.userId],
    },
    {
      name: 'vault_files',
      table: vaultFiles,
      scope: byUser(vaultFiles.userId),
      // Where the encrypted copy is kept and its sealed key: internal, and no use outside Helo (the
      // documents themselves are in files/vault/).
      withheld: ['storage_key', 'wrapped_key'],
      about: 'The documents in your Vault: name, kind, size and when uploaded (the files are in files/vault/).',
      orderBy: [vaultFiles.createdAt, vaultFiles.id],
    },
  ],
});
