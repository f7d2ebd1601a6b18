import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE as FUND_BASE } from '../emergency-fund/testing.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { BASE as GOAL_BASE } from '../lifestyle-goals/testing.ts';
import { runLoanPayments } from '../user-debts/testing.ts';
import { balances, income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';

/**
 * Any sequence of the areas' money moves through the API (Nest deposits and reversals, the fund's
 * and a goal's withdrawals, My Wallet's spending, an investment's balance typed, the loan payments'
 * run) keeps the ledger whole: every journal balanced, every balance the sum of its postings, no
 * account that never goes below zero below it; the Nest's buckets are those accounts' balances and
 * Home's net worth is the areas' own figures added up (issue 27).
 */
const t = useTestApp();
const api = nestRequests(t);

type Step =
  | { op: 'deposit'; cents: number }
  | { op: 'reverse'; pick: number }
  | { op: 'fund' | 'goal' | 'spend'; cents: number }
  | { op: 'invest'; cents: number }
  | { op: 'pay' };

const cents = fc.integer({ min: 1, max: 300_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('deposit' as const), cents }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constantFrom('fund' as const, 'goal' as const, 'spend' as const), cents }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('invest' as const), cents: fc.integer({ min: 0, max: 2_000_000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('pay' as const) }) },
);

async function household() {
  const user = await api.userWithTargets();
  const rules = [
    { bucket: 'emergency_fund', kind: 'percent', value: 20 },
    { bucket: 'goal', target_id: user.goalId, kind: 'fixed', value: 300 },
    { bucket: 'investment', target_id: user.accountId, kind: 'percent', value: 10 },
    { bucket: 'loans', kind: 'fixed', value: 200 },
  ];
  await api.ok(api.saveRules(user.token, rules, user.nest.rules_version));
  const loan = {
    debt_id: 1,
    initial_loan_amount: 5_000,
    outstanding_balance: 1_000,
    monthly_payment_amount: 150,
    interest_rate: 12,
    due_date: TODAY,
  };
  await api.ok(api.call(user.token, 'PUT', '/api/v1/user-debts', { debts: [loan] }));
  return user;
}

const dollars = (c: number) => c / 100;

describe("the areas' money moves against the ledger (property)", () => {
  it('keeps every journal balanced, no floor crossed, the buckets the balances, Home the sum', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const user = await household();
        const deposits: string[] = [];
        for (const s of steps) {
          if (s.op === 'deposit') {
            const res = await api.deposit(user.token, income(dollars(s.cents)));
            expect(res.statusCode, res.body).toBe(201);
            deposits.push(res.json().data.deposit.id);
          } else if (s.op === 'reverse') {
            const id = deposits[s.pick % Math.max(deposits.length, 1)];
            if (!id) continue;
            const res = await api.reverse(user.token, id);
            expect([200, 409], res.body).toContain(res.statusCode);
          } else if (s.op === 'fund' || s.op === 'goal') {
            const url = s.op === 'fund' ? `${FUND_BASE}/entries` : `${GOAL_BASE}/${user.goalId}/entries`;
            const res = await api.call(user.token, 'POST', url, {
              kind: 'withdrawal',
              amount: dollars(s.cents),
              date: TODAY,
            });
            expect([201, 400], res.body).toContain(res.statusCode);
          } else if (s.op === 'spend') {
            await api.ok(
              api.call(user.token, 'POST', '/api/v1/wallet/transactions', {
                amount: -dollars(s.cents),
                date: TODAY,
                payee: 'Shop',
              }),
            );
          } else if (s.op === 'invest') {
            const account = (await api.investment(user.token)).accounts[0];
            const res = await api.call(user.token, 'PUT', `/api/v1/user-investment/accounts/${user.accountId}`, {
              name: account.name,
              kind: account.kind,
              balance: dollars(s.cents),
              monthly_contribution: account.monthly_contribution,
              expected_return_percent: account.expected_return_percent,
              version: account.version,
            });
            expect(res.statusCode, res.body).toBe(200);
          } else {
            await runLoanPayments({ db: t().database.db, clock: t().clock });
          }
        }

        expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
        const fund = (await api.fund(user.token)).saved_amount;
        const goal = (await api.goal(user.token, user.goalId)).saved_amount;
        const invested = (await api.investment(user.token)).total_balance;
        const wallet = (await api.ok(api.call(user.token, 'GET', '/api/v1/wallet/summary'))).balance;
        const loans = (await api.ok(api.call(user.token, 'GET', '/api/v1/user-debts'))) as {
          outstanding_balance: number;
        }[];
        const owed = loans.reduce((sum, l) => sum + Math.round(l.outstanding_balance * 100), 0);
        const nest = (await api.get(user.token)).json().data;
        const buckets = balances(nest);
        expect(buckets).toMatchObject({ 'Emergency fund': fund, 'Japan trip': goal, 'Roth IRA': invested });
        const home = (await t().app.inject({ method: 'GET', url: '/api/v1/home', headers: bearer(user.token) })).json()
          .data;
        const sum = [invested, fund, goal, wallet, buckets['Loan payments'] ?? 0].reduce(
          (total, d) => total + Math.round(d * 100),
          0,
        );
        expect(Math.round(home.net_worth.total * 100)).toBe(sum - owed);
        expect(home.net_worth).toMatchObject({ investments: invested, emergency_fund: fund, goals: goal });
      }),
      { numRuns: 6 },
    );
  });
});
