import { ledgerJournals, ledgerLinks } from '@helo/db/schema';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * A bank file's paycheck linked to its Nest deposit racing the deposit's reversal (issue 27 item 4).
 * On PostgreSQL (TEST_DATABASE_URL) the commit and the reversal run at once and meet on the Nest's row
 * and the deposit's journal; on PGlite they take turns. Either the row is linked and the reversal
 * refused, or the deposit is reversed and the row added as income: never a link to a reversed deposit
 * (the paycheck counted nowhere), never both counted.
 */
const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);
const ROUNDS = 4;

describe('a link racing a reversal of its deposit', () => {
  it('one of them wins; the paycheck counts once; balanced', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, userId } = await api.activeUser();
      const { deposit } = await api.deposit(token, 1234.56, TODAY);
      const up = await imports.upload(token, 'pay.csv', `Date,Payee,Amount\n11/20/2026,PAYROLL,1234.56\n`);
      expect(up.json().data.nest_deposits).toBe(1);
      const [commit, reversal] = await Promise.all([
        imports.commit(token, up.json().data.id),
        api.call(token, 'POST', `/api/v1/nest/deposits/${deposit.id}/reverse`),
      ]);
      expect(commit.statusCode, commit.body).toBe(200);
      const linked = commit.json().data.nest_deposits;
      if (reversal.statusCode === 200) {
        seen.add('reversed');
        expect(commit.json().data).toMatchObject({ inserted: 1, nest_deposits: 0 });
      } else {
        seen.add('linked');
        expect(reversal.statusCode, reversal.body).toBe(409);
        expect(linked).toBe(1);
      }
      // No live link names a reversed journal.
      const broken = await t()
        .database.db.select({ id: ledgerLinks.id })
        .from(ledgerLinks)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLinks.journalId))
        .where(
          and(eq(ledgerLinks.userId, userId), isNull(ledgerLinks.unlinkedById), isNotNull(ledgerJournals.reversedById)),
        );
      expect(broken).toEqual([]);
      // The paycheck once: in the Nest's Wallet share, or as the row's income.
      const wallet = (await api.accounts(token))[0] as unknown as { balance: number };
      expect(wallet.balance).toBe(1234.56);
      expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
