import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { balanceOf, createAccount, ensureAccount, post, postMany, publish, reverse, stage } from './index.ts';
import { HOLDS, ledgerInvariants, ledgerUser, line } from './ledger.test-helpers.ts';

/**
 * Journals that arrive together. On PostgreSQL (TEST_DATABASE_URL) they run at once on separate
 * connections of the pool and meet on the accounts' row locks; on PGlite they take turns, and the
 * same outcomes must come out.
 */
const t = useTestApp();
const db = () => t().database.db;
const ROUNDS = 5;

async function funded(cents: number) {
  const userId = await ledgerUser(db());
  const checking = await createAccount(db(), userId, { kind: 'checking', name: 'Checking', neverBelowZero: true });
  const income = await ensureAccount(db(), userId, { kind: 'income', name: 'Income' });
  const spending = await ensureAccount(db(), userId, { kind: 'spending', name: 'Groceries' });
  const deposit = await post(db(), userId, {
    date: '2026-11-20',
    kind: 'test.paycheck',
    description: 'Pay',
    lines: [line(income.id, -cents), line(checking.id, cents)],
  });
  const spend = (amount: number, description = 'Market') =>
    post(db(), userId, {
      date: '2026-11-21',
      kind: 'test.spend',
      description,
      lines: [line(checking.id, -amount), line(spending.id, amount)],
    });
  return { userId, checking, income, spending, deposit, spend };
}

const settled = (results: PromiseSettledResult<unknown>[]) => results.map((r) => r.status).sort();

describe('the ledger under concurrent journals', () => {
  it('a reversal racing spending: exactly one goes through, never below zero', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, checking, deposit, spend } = await funded(10_000);
      const results = await Promise.allSettled([reverse(db(), userId, deposit.id), spend(6_000)]);
      expect(settled(results)).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ code: 'below_zero' });
      expect([0, 4_000]).toContain(await balanceOf(db(), userId, checking.id));
      expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
    }
  });

  it('two deposits at once: both land, the balance is their sum', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, checking, income } = await funded(100);
      const pay = (cents: number) =>
        post(db(), userId, {
          date: '2026-11-22',
          kind: 'test.paycheck',
          description: 'Pay',
          lines: [line(income.id, -cents), line(checking.id, cents)],
        });
      await Promise.all([pay(1_000), pay(2_000)]);
      expect(await balanceOf(db(), userId, checking.id)).toBe(3_100);
      expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
    }
  });

  it('an import racing the reversal of the deposit it needs: one of them, never both, never below zero', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, checking, income, spending, deposit } = await funded(25_000);
      await post(db(), userId, {
        date: '2026-11-20',
        kind: 'test.paycheck',
        description: 'Other pay',
        lines: [line(income.id, -5_000), line(checking.id, 5_000)],
      });
      const rows = Array.from({ length: 20 }, (_, i) => ({
        date: '2026-11-21',
        kind: 'test.import',
        description: `Row ${i}`,
        lines: [line(checking.id, -1_000), line(spending.id, 1_000)],
      }));
      const results = await Promise.allSettled([postMany(db(), userId, rows), reverse(db(), userId, deposit.id)]);
      expect(settled(results)).toEqual(['fulfilled', 'rejected']);
      // $300 − $200 of the import = $100, or $300 − $250 taken back = $50.
      expect([10_000, 5_000]).toContain(await balanceOf(db(), userId, checking.id));
      expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
    }
  });

  it('publishing a staged batch racing spending it would need: one of them, never both, never below zero', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, checking, spending, spend } = await funded(10_000);
      const batch = crypto.randomUUID();
      await stage(
        db(),
        userId,
        batch,
        Array.from({ length: 8 }, (_, i) => ({
          date: '2026-11-21',
          kind: 'test.import',
          description: `Row ${i}`,
          lines: [line(checking.id, -1_000), line(spending.id, 1_000)],
        })),
      );
      const results = await Promise.allSettled([publish(db(), userId, batch, new Date()), spend(6_000)]);
      expect(settled(results)).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ statusCode: 409, code: 'below_zero' });
      // $100 − $80 of the batch = $20, or $100 − $60 spent = $40 (the batch then stays staged).
      expect([2_000, 4_000]).toContain(await balanceOf(db(), userId, checking.id));
      expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
    }
  });

  it('two reversals of one journal at once: one goes through, the other is told it was reversed already', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, checking, deposit } = await funded(10_000);
      const results = await Promise.allSettled([reverse(db(), userId, deposit.id), reverse(db(), userId, deposit.id)]);
      expect(settled(results)).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ code: 'already_reversed' });
      expect(await balanceOf(db(), userId, checking.id)).toBe(0);
      expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
    }
  });

  it('spending from two accounts in opposite orders at once does not deadlock', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId, checking, income } = await funded(10_000);
      const savings = await createAccount(db(), userId, { kind: 'savings', name: 'Savings', neverBelowZero: true });
      await post(db(), userId, {
        date: '2026-11-20',
        kind: 'test.paycheck',
        description: 'Pay',
        lines: [line(income.id, -10_000), line(savings.id, 10_000)],
      });
      const move = (from: string, to: string) =>
        post(db(), userId, {
          date: '2026-11-21',
          kind: 'test.transfer',
          description: 'Move',
          lines: [line(from, -1_000), line(to, 1_000)],
        });
      await Promise.all([move(checking.id, savings.id), move(savings.id, checking.id), move(checking.id, savings.id)]);
      expect(await balanceOf(db(), userId, checking.id)).toBe(9_000);
      expect(await balanceOf(db(), userId, savings.id)).toBe(11_000);
    }
  });
});
