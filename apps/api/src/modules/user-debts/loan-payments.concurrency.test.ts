import { ledgerAccounts } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { income, nestRequests } from '../nest/testing.ts';
import { walletRequests } from '../wallet/testing.ts';
import { car, BASE as LOANS } from './debt-requests.test-helpers.ts';
import { runLoanPayments } from './testing.ts';

/**
 * Recorded loan payments that arrive together (issue 27). On PostgreSQL (TEST_DATABASE_URL) the
 * requests run at once on separate connections and meet on the user's row (every loan write takes
 * it) and the accounts' rows; on PGlite they take turns, and the same outcomes must come out.
 */
const t = useTestApp();
const api = walletRequests(t);
const nest = nestRequests(t);
const ROUNDS = 4;

/** A Nest user with `bucket` dollars in Loan payments (never below zero) and the car loan due today. */
async function payer(bucket: number) {
  const user = await api.activeUser();
  const read = await api.ok(api.call(user.token, 'GET', '/api/v1/nest'));
  await nest.ok(nest.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: bucket }], read.rules_version));
  await nest.ok(nest.deposit(user.token, income(bucket)));
  const [loan] = (await api.ok(
    api.call(user.token, 'PUT', LOANS, { debts: [{ ...car, due_date: '2026-11-21' }] }),
  )) as {
    id: string;
  }[];
  const [account] = await t()
    .database.db.select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, user.userId), eq(ledgerAccounts.kind, 'loan_payments')));
  return { ...user, loanId: (loan as { id: string }).id, bucketId: (account as { id: string }).id };
}

const pay = (u: { token: string; loanId: string }, amount: number, accountId: string) =>
  api.call(u.token, 'POST', `${LOANS}/${u.loanId}/payments`, { amount, date: '2026-11-21', account_id: accountId });
const owed = async (u: { token: string; loanId: string }) =>
  ((await api.ok(api.call(u.token, 'GET', LOANS))) as { id: string; outstanding_balance: number }[]).find(
    (l) => l.id === u.loanId,
  )?.outstanding_balance;
const codes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('recorded loan payments at once', () => {
  it('two payments from Loan payments that can not both be paid: one goes through, the other is a 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const u = await payer(500);
      const both = await Promise.all([pay(u, 300, u.bucketId), pay(u, 300, u.bucketId)]);
      expect(codes(both), both.map((r) => r.body).join('\n')).toEqual([201, 409]);
      // One payment: $95.05 interest, $204.95 off the loan.
      expect(await owed(u)).toBe(18_045.55);
      expect(await ledgerInvariants(t().database.db, u.userId)).toEqual(HOLDS);
    }
  });

  it('a payment undone twice at once: one undo, one 404, the loan owing what it did before', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const u = await payer(500);
      const { payment } = await api.ok(pay(u, 450, u.bucketId));
      const url = `${LOANS}/${u.loanId}/payments/${payment.id}`;
      const both = await Promise.all([api.call(u.token, 'DELETE', url), api.call(u.token, 'DELETE', url)]);
      expect(codes(both)).toEqual([200, 404]);
      expect(await owed(u)).toBe(18_250.5);
      expect(await ledgerInvariants(t().database.db, u.userId)).toEqual(HOLDS);
    }
  });

  it('a payment racing its undo and another payment: every outcome balanced, the loan owing what the live ones say', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const u = await payer(1000);
      const { payment } = await api.ok(pay(u, 450, u.bucketId));
      const [undone, second] = await Promise.all([
        api.call(u.token, 'DELETE', `${LOANS}/${u.loanId}/payments/${payment.id}`),
        pay(u, 450, u.bucketId),
      ]);
      expect(undone.statusCode).toBe(200);
      expect(second.statusCode).toBe(201);
      const live = (await api.ok(api.call(u.token, 'GET', `${LOANS}/${u.loanId}/payments`))) as {
        principal: number;
      }[];
      expect(live).toHaveLength(1);
      expect(await owed(u)).toBe(Math.round((18_250.5 - (live[0]?.principal ?? 0)) * 100) / 100);
      expect(await ledgerInvariants(t().database.db, u.userId)).toEqual(HOLDS);
    }
  });

  it('a whole payment racing the Nest’s job on the due date: the date is paid once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const u = await payer(1000);
      const [paid] = await Promise.all([
        pay(u, 450, u.bucketId),
        runLoanPayments({ db: t().database.db, clock: t().clock }),
      ]);
      expect(paid.statusCode).toBe(201);
      const live = (await api.ok(api.call(u.token, 'GET', `${LOANS}/${u.loanId}/payments`))) as {
        due_date: string | null;
      }[];
      // The date is paid once: by the job (the recorded one then an extra) or by the recorded one (the
      // job then finds the loan due next month).
      expect(live.filter((p) => p.due_date !== null).map((p) => p.due_date)).toEqual(['2026-11-21']);
      expect(await ledgerInvariants(t().database.db, u.userId)).toEqual(HOLDS);
    }
  });
});
