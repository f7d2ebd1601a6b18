import { ledgerJournals, walletImports } from '@helo/db/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import { fileBody } from './import/import-requests.test-helpers.ts';

/** My Wallet's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'wallet_transaction_id',
      paths: [
        { route: /\/wallet\/transactions\/\{id\}/, param: 'id' },
        // A transfer is a transaction between two of the user's accounts (a transaction that is none is a 404).
        { route: /\/wallet\/transfers\/\{id\}/, param: 'id' },
      ],
      make: async (send) => {
        await must(send('POST', '/api/v1/nest/activate', {}));
        await must(
          send('POST', '/api/v1/wallet/transactions', { amount: -12.5, date: '2026-11-20', payee: 'Fuzz cafe' }),
        );
      },
      // The id a transaction is known by: its live journal's group.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: ledgerJournals.groupId })
            .from(ledgerJournals)
            .where(
              and(
                eq(ledgerJournals.userId, userId),
                eq(ledgerJournals.kind, 'wallet.transaction'),
                isNull(ledgerJournals.reversedById),
                isNull(ledgerJournals.reversesId),
              ),
            )
            .orderBy(desc(ledgerJournals.createdAt))
            .limit(1),
        ),
    },
    {
      name: 'wallet_import_id',
      paths: [{ route: /\/wallet\/imports\/\{id\}/, param: 'id' }],
      make: async (send) => {
        await must(send('POST', '/api/v1/nest/activate', {}));
        const upload = fileBody(
          'fuzz.csv',
          'Date,Payee,Amount\n11/20/2026,Fuzz grocer,-9.99\n11/20/2026,Fuzz refund,2.50\n',
        );
        await must(send('POST', '/api/v1/wallet/imports', upload.payload, upload.headers));
      },
      // One not committed yet, so a preview and a commit can succeed.
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: walletImports.id })
            .from(walletImports)
            .where(and(eq(walletImports.userId, userId), isNull(walletImports.committedAt)))
            .orderBy(desc(walletImports.createdAt))
            .limit(1),
        ),
    },
  ],
};
