import { ledgerAccounts } from '@helo/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { income, nestRequests } from '../nest/testing.ts';
import { car, BASE as LOANS } from '../user-debts/testing.ts';
import { spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * A loan payment recorded in My Loans from one of the user's accounts is listed in My Wallet, in that
 * account, read-only (issue 27): never from Outside Helo nor the Nest's Loan payments, never spending.
 */

const t = useTestApp();
const api = walletRequests(t);
const nest = nestRequests(t);

interface Row {
  id: string;
  account_id: string;
  payee: string;
  amount: number;
  category: string;
  kind: string;
}

const pay = async (token: string, loanId: string, body: Record<string, unknown>) =>
  (await api.ok(api.call(token, 'POST', `${LOANS}/${loanId}/payments`, body))).payment as { id: string };
const rows = async (token: string, query = '') => (await api.ok(api.list(token, query))) as Row[];

/** A Nest user with a November budget, a $30 lunch in the Wallet, Chase holding $2,000, and the car loan. */
async function payer() {
  const user = await api.activeUser();
  await api.budget(user.token);
  await api.ok(api.add(user.token, spend(-30, 'Lunch', { category: 'Food' })));
  const chase = await api.ok(
    api.addAccount(user.token, { kind: 'checking', name: 'Chase', opening_balance: 2000, opening_date: '2026-11-01' }),
  );
  const [loan] = (await api.ok(api.call(user.token, 'PUT', LOANS, { debts: [car] }))) as { id: string }[];
  if (!loan) throw new Error('no loan');
  return { ...user, chaseId: chase.id as string, loanId: loan.id };
}

describe('loan payments in My Wallet', () => {
  it('lists a payment from an account in it, found by search and dates, read-only, gone once undone', async () => {
    const user = await payer();
    const [wallet] = await api.accounts(user.token);
    const summaryBefore = await api.ok(api.summary(user.token));
    const payment = await pay(user.token, user.loanId, { amount: 450, date: TODAY, account_id: user.chaseId });

    const all = await rows(user.token);
    expect(all.map((r) => r.kind).sort()).toEqual(['loan_payment', 'transaction']);
    expect(all.find((r) => r.id === payment.id)).toMatchObject({
      account_id: user.chaseId,
      payee: 'Auto loan',
      amount: -450,
      category: 'Loan payment',
      kind: 'loan_payment',
      // Recorded in My Loans by hand: not found in a bank row, so not the Wallet's to unpair.
      transfer: { from_account_id: user.chaseId, paired: false },
      nest_deposit_id: null,
    });
    expect((await rows(user.token, `?account_id=${user.chaseId}`)).map((r) => r.id)).toEqual([payment.id]);
    expect((await rows(user.token, `?account_id=${wallet?.id}`)).map((r) => r.payee)).toEqual(['Lunch']);
    expect((await rows(user.token, '?q=AUTO')).map((r) => r.id)).toEqual([payment.id]);
    expect((await rows(user.token, '?q=lunch')).map((r) => r.payee)).toEqual(['Lunch']);
    expect((await rows(user.token, `?from=${TODAY}&to=${TODAY}`)).map((r) => r.id)).toContain(payment.id);
    expect(await rows(user.token, '?to=2026-11-20')).toEqual([]);
    // No budget category's: a category filter leaves it out.
    expect((await rows(user.token, '?category=Food')).map((r) => r.payee)).toEqual(['Lunch']);
    // Paged one at a time, every row comes once.
    const pages = await api.allPages(user.token, '', 1);
    expect(pages.flat().map((r) => r.id)).toEqual(all.map((r) => r.id));

    // Principal moves between the user's own accounts and interest is no spending category.
    const summaryAfter = await api.ok(api.summary(user.token));
    expect(summaryAfter).toEqual(summaryBefore);
    expect(summaryAfter).toMatchObject({ total_spent: 30, income: 0 });

    const body = { date: TODAY, payee: 'Auto loan', amount: -1, version: 1 };
    for (const res of [
      await api.save(user.token, payment.id, body),
      await api.remove(user.token, payment.id),
      await api.call(user.token, 'POST', `/api/v1/wallet/transactions/${payment.id}/transfer`, {
        account_id: wallet?.id,
        version: 1,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('This is a loan payment recorded in My Loans: change or undo it there');
    }

    const undone = await api.call(user.token, 'DELETE', `${LOANS}/${user.loanId}/payments/${payment.id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await rows(user.token)).map((r) => r.payee)).toEqual(['Lunch']);
    // Undone, it is no transaction of My Wallet's at all.
    expect((await api.remove(user.token, payment.id)).statusCode).toBe(404);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('leaves out payments from Outside Helo and from the Nest’s Loan payments', async () => {
    const user = await payer();
    const read = await api.ok(api.call(user.token, 'GET', '/api/v1/nest'));
    await nest.ok(nest.saveRules(user.token, [{ bucket: 'loans', kind: 'fixed', value: 100 }], read.rules_version));
    await nest.ok(nest.deposit(user.token, income(100)));
    const [bucket] = await t()
      .database.db.select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user.userId), eq(ledgerAccounts.kind, 'loan_payments')));
    const fromNest = await pay(user.token, user.loanId, { amount: 100, date: TODAY, account_id: bucket?.id });
    const outside = await pay(user.token, user.loanId, { amount: 200, date: TODAY, account_id: null });
    const listed = (await rows(user.token)).map((r) => r.id);
    expect(listed).not.toContain(fromNest.id);
    expect(listed).not.toContain(outside.id);
    expect((await rows(user.token, '?q=auto')).map((r) => r.id)).toEqual([]);
    for (const id of [fromNest.id, outside.id]) {
      expect((await api.remove(user.token, id)).statusCode).toBe(404);
    }
  });

  it('another user sees none of them and edits none of them (404)', async () => {
    const user = await payer();
    const payment = await pay(user.token, user.loanId, { amount: 450, date: TODAY, account_id: user.chaseId });
    const other = await api.activeUser();
    expect(await rows(other.token)).toEqual([]);
    expect((await api.remove(other.token, payment.id)).statusCode).toBe(404);
  });
});
