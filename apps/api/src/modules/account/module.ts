import { defineModule, routes } from '../../api-module.ts';
import type { SessionCache } from '../../plugins/session-cache.ts';
import { accountRoutes } from './account.routes.ts';
import { AccountService, type GeneratedExport, type SecondFactor, type UserFileStore } from './account.service.ts';

/**
 * The account itself (/api/v1/account): its export (every module's `userTables` and the Vault's
 * files) and its deletion. Last but one in the registry: it reads every other module's tables.
 */
export const accountModule = defineModule({
  name: 'account',
  services: (
    { db, clock, mailer, config, userTables },
    s: {
      sessionCache: SessionCache;
      twoFactor: SecondFactor;
      vaultFileStore: UserFileStore;
      walletTransactionsExport: GeneratedExport;
    },
  ) => ({
    account: new AccountService({
      db,
      clock,
      mailer,
      sessionCache: s.sessionCache,
      supportEmail: config.supportEmail,
      secondFactor: s.twoFactor,
      fileStores: [s.vaultFileStore],
      generated: [s.walletTransactionsExport],
      userTables,
    }),
  }),
  routes: ({ config }, { account, authenticate }) => [
    routes('/api/v1/account', accountRoutes, { service: account, config, authenticate }),
  ],
});
