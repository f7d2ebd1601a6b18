import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { BASE as FUND_BASE } from '../emergency-fund/testing.ts';
import { BASE as GOAL_BASE } from '../lifestyle-goals/testing.ts';
import { balances, income, nestRequests, TODAY } from './nest-requests.test-helpers.ts';

/**
 * Writes that arrive together. On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on
 * separate connections of the pool; on PGlite they take turns, and the same answers must come out.
 */
const t = useTestApp();
const api = nestRequests(t);
const ROUNDS = 3;

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

describe('concurrent writes to one Nest', () => {
  it('two deposits at once: both counted in every bucket and in the fund and the goal', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const answers = await Promise.all([
        api.deposit(user.token, income(2500, 'First')),
        api.deposit(user.token, income(2500, 'Second')),
      ]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([201, 201]);
      const nest = (await api.get(user.token)).json().data;
      expect(balances(nest)).toEqual({ Wallet: 3520, 'Loan payments': 0, 'Emergency fund': 880, 'Japan trip': 600 });
      expect((await api.fund(user.token)).saved_amount).toBe(1880);
      expect((await api.goal(user.token, user.goalId)).saved_amount).toBe(1200);
      expect((await api.entries(user.token)).json().data).toHaveLength(6);
    }
  });

  it('a deposit racing the reversal of another: both done, the balances are the new deposit alone', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const { deposit } = await api.ok(api.deposit(user.token, income(2500, 'Old')));
      const answers = await Promise.all([
        api.deposit(user.token, income(1000, 'New')),
        api.reverse(user.token, deposit.id),
      ]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([200, 201]);
      // $1,000: goal $300, fund 20 % of $700 = $140, Wallet $560.
      const nest = (await api.get(user.token)).json().data;
      expect(balances(nest)).toEqual({ Wallet: 560, 'Loan payments': 0, 'Emergency fund': 140, 'Japan trip': 300 });
      expect((await api.fund(user.token)).saved_amount).toBe(1140);
      expect((await api.goal(user.token, user.goalId)).saved_amount).toBe(900);
    }
  });

  it('two reversals of one deposit at once: one 200, one 409, the shares taken back once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const { deposit } = await api.ok(api.deposit(user.token, income(2500)));
      const answers = await Promise.all([api.reverse(user.token, deposit.id), api.reverse(user.token, deposit.id)]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect((await api.fund(user.token)).saved_amount).toBe(1000);
      expect((await api.entries(user.token)).json().data).toHaveLength(6);
    }
  });

  it('a reversal racing a withdrawal that spends the goal share: never both, the goal never below $0', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const { deposit } = await api.ok(api.deposit(user.token, income(2500)));
      // The goal holds $900; taking $700 leaves $200, less than the $300 share.
      const answers = await Promise.all([
        api.reverse(user.token, deposit.id),
        api.call(user.token, 'POST', `${GOAL_BASE}/${user.goalId}/entries`, {
          kind: 'withdrawal',
          amount: 700,
          date: TODAY,
        }),
      ]);
      const [reversal, withdrawal] = answers;
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).not.toEqual([200, 201]);
      const saved = (await api.goal(user.token, user.goalId)).saved_amount;
      if (reversal?.statusCode === 200) {
        expect(withdrawal?.statusCode).toBe(400);
        expect(saved).toBe(600);
        expect((await api.fund(user.token)).saved_amount).toBe(1000);
      } else {
        expect(reversal?.statusCode).toBe(409);
        expect(withdrawal?.statusCode).toBe(201);
        expect(saved).toBe(200);
        // Nothing half-written: the fund keeps its share too.
        expect((await api.fund(user.token)).saved_amount).toBe(1440);
      }
    }
  });

  it("a Nest deposit racing deposits made on the fund's and the goal's own pages: all counted, none waits forever", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithIssueRules();
      const own = { kind: 'deposit', amount: 10, date: TODAY };
      const answers = await Promise.all([
        api.deposit(user.token, income(2500)),
        api.call(user.token, 'POST', `${FUND_BASE}/entries`, own),
        api.call(user.token, 'POST', `${GOAL_BASE}/${user.goalId}/entries`, own),
      ]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([201, 201, 201]);
      expect((await api.fund(user.token)).saved_amount).toBe(1450);
      expect((await api.goal(user.token, user.goalId)).saved_amount).toBe(910);
    }
  });

  it('two rule saves from one version: one 200, one 409, and the rules are one of the two lists', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.userWithTargets();
      const answers = await Promise.all([
        api.saveRules(user.token, [{ bucket: 'wallet', kind: 'fixed', value: 10 }], 1),
        api.saveRules(user.token, [{ bucket: 'emergency_fund', kind: 'percent', value: 10 }], 1),
      ]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
      const nest = (await api.get(user.token)).json().data;
      expect(nest.rules_version).toBe(2);
      expect(nest.rules).toHaveLength(1);
    }
  });

  it('two activations at once: both succeed, one Nest', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await api.newUser();
      const answers = await Promise.all([api.activate(user.token), api.activate(user.token)]);
      expect(statuses(answers), answers.map((r) => r.body).join('\n')).toEqual([200, 201]);
    }
  });
});
