import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE as FUND_BASE } from '../emergency-fund/testing.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { runLoanPayments } from '../user-debts/testing.ts';
import { balances, income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';

/**
 * The Money Nest's journals racing the areas' own, on the ledger (issue 27). On PostgreSQL
 * (TEST_DATABASE_URL) the requests run at once on connections of the pool and meet on the rows' and
 * the accounts' locks; on PGlite they take turns. Either way no account that never goes below zero
 * does, and every journal stays balanced.
 */
const t = useTestApp();
const api = nestRequests(t);
const ROUNDS = 3;

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();
const bodies = (answers: { body: string }[]) => answers.map((r) => r.body).join('\n');

describe('Nest journals racing the areas, on the ledger', () => {
  it("a reversal racing a withdrawal that spends the fund's share: one of them, never below $0, balanced", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const { deposit } = await api.ok(api.deposit(user.token, income(2500)));
      // The fund holds $1,440; taking $1,200 leaves $240, less than its $440 share.
      const answers = await Promise.all([
        api.reverse(user.token, deposit.id),
        api.call(user.token, 'POST', `${FUND_BASE}/entries`, { kind: 'withdrawal', amount: 1200, date: TODAY }),
      ]);
      const [reversal, withdrawal] = answers;
      expect(statuses(answers), bodies(answers)).not.toEqual([200, 201]);
      const saved = (await api.fund(user.token)).saved_amount;
      if (reversal?.statusCode === 200) {
        // The reversal first: the fund holds $1,000, and $1,200 is more than that.
        expect(withdrawal?.statusCode).toBe(400);
        expect(saved).toBe(1000);
      } else {
        expect(reversal?.json().message).toBe(
          'Emergency fund holds $240.00, less than the $440.00 this deposit put in it: it can not be reversed.',
        );
        expect(withdrawal?.statusCode).toBe(201);
        expect(saved).toBe(240);
      }
      expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
    }
  });

  it('two deposits at once: both one journal each, every bucket their sum, balanced', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const answers = await Promise.all([api.deposit(user.token, income(1000)), api.deposit(user.token, income(10))]);
      expect(statuses(answers), bodies(answers)).toEqual([201, 201]);
      const nest = (await api.get(user.token)).json().data;
      // $1,000: goal $300, fund $140, Wallet $560. $10: all to the goal.
      expect(balances(nest)).toEqual({ Wallet: 560, 'Loan payments': 0, 'Emergency fund': 1140, 'Japan trip': 910 });
      expect(nest.deposits).toHaveLength(2);
      expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
    }
  });

  it('a reversal racing the loan payment that spends its Loan payments share: one of them, never below $0', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.newUser();
      const nest = await api.ok(api.activate(user.token));
      await api.ok(api.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 500 }], nest.rules_version));
      const { deposit } = await api.ok(api.deposit(user.token, income(500)));
      // $450 due today out of the $500 set aside.
      const saved = await t().app.inject({
        method: 'PUT',
        url: '/api/v1/user-debts',
        headers: bearer(user.token),
        payload: {
          debts: [
            {
              debt_id: 1,
              initial_loan_amount: 25_000,
              outstanding_balance: 18_000,
              monthly_payment_amount: 450,
              interest_rate: 6.5,
              due_date: TODAY,
            },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [reversal, run] = await Promise.all([
        api.reverse(user.token, deposit.id),
        runLoanPayments({ db: t().database.db, clock: t().clock }),
      ]);
      const bucket = balances((await api.get(user.token)).json().data)['Loan payments'];
      const [loan] = (
        await t().app.inject({ method: 'GET', url: '/api/v1/user-debts', headers: bearer(user.token) })
      ).json().data;
      if (reversal?.statusCode === 200) {
        // The reversal first: nothing left to pay with, and the loan is as it was.
        expect(bucket).toBe(0);
        expect(loan.outstanding_balance).toBe(18_000);
      } else {
        expect(reversal?.statusCode).toBe(409);
        expect(run.paid).toBe(1);
        expect(bucket).toBe(50);
        expect(loan.outstanding_balance).toBe(17_647.5);
      }
      expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
    }
  });
});
