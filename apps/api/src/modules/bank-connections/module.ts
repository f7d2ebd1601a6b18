import { bankConnectionAccounts, bankConnections, bankPendingTransactions } from '@helo/db/schema';
import { byUser, defineModule, job, routes } from '../../api-module.ts';
import type { AccountsService } from '../accounts/index.ts';
import { DEFAULT_WALLET_LIMITS, type NestDeposits } from '../wallet/index.ts';
import { bankConnectionRoutes } from './bank-connections.routes.ts';
import { BankConnectionsService } from './bank-connections.service.ts';
import { SimpleFinProvider } from './providers/simplefin.ts';

export const BANK_SYNC_QUEUE = 'bank-connections-sync';

/** Bank connections (/api/v1/bank-connections): SimpleFIN Bridge first, synced daily into My Wallet. */
export const bankConnectionsModule = defineModule({
  name: 'bank-connections',
  services: ({ db, clock, config }, { accounts, nest }: { accounts: AccountsService; nest?: NestDeposits }) => ({
    bankConnections: new BankConnectionsService(db, clock, accounts, {
      nest,
      providers: { simplefin: new SimpleFinProvider({ production: config.env === 'production' }) },
      keys: [config.encryptionKey],
      limits: config.walletLimits ?? DEFAULT_WALLET_LIMITS,
    }),
  }),
  routes: ({ config }, { bankConnections: service, authenticate }) => [
    routes('/api/v1/bank-connections', bankConnectionRoutes, {
      service,
      authenticate,
      syncLimit: config.rateLimits.bankSync,
    }),
  ],
  userTables: [
    {
      name: 'bank_connections',
      table: bankConnections,
      scope: byUser(bankConnections.userId),
      withheld: ['access_sealed'],
      about:
        "Your bank connections (provider: the aggregator; error: the last sync's failure). The credential is withheld: it is the key to your bank's data.",
      orderBy: [bankConnections.createdAt, bankConnections.id],
    },
    {
      name: 'bank_connection_accounts',
      table: bankConnectionAccounts,
      scope: byUser(bankConnectionAccounts.userId),
      withheld: [],
      about:
        "The bank's accounts of each connection (account_id: your account it syncs into; bank_balance_cents: the bank's own balance, in cents).",
      orderBy: [bankConnectionAccounts.createdAt, bankConnectionAccounts.id],
    },
    {
      name: 'bank_pending_transactions',
      table: bankPendingTransactions,
      scope: byUser(bankPendingTransactions.userId),
      withheld: [],
      about: 'Pending bank transactions synced into My Wallet, until the bank posts them (group_id: the transaction).',
      orderBy: [bankPendingTransactions.createdAt, bankPendingTransactions.id],
    },
  ],
  jobs: (_deps, { bankConnections: service }) => [
    // Every day at 09:17 UTC (early morning in the US): each connection not tried for 20 hours.
    job<{ synced: number; failed: number }>({
      queue: BANK_SYNC_QUEUE,
      cron: '17 9 * * *',
      run: () => service.syncDue(),
      // After a night without a server: only connections not tried for 20 hours are synced.
      atStart: true,
      report: (done, log) => {
        if (done.synced + done.failed > 0) log.info(done, 'bank connections synced');
      },
    }),
  ],
});
