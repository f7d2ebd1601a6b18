import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { car, BASE as LOANS } from '../user-debts/testing.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * A bank row that is a payment to one of the user's loans (the monthly amount, near a due date, its
 * words naming a loan) is recorded as My Loans' "Record a payment" records it: the month's interest
 * charged, the rest off the loan, never spending (issue 29 item 5).
 */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

interface Row {
  id: string;
  payee: string;
  kind: string;
  amount: number;
  account_id: string;
  category: string;
}

/** The car loan ($18,250.50 at 6.25 %, $450 a month) due on the 20th: this month's due date is yesterday. */
async function borrower() {
  const user = await api.activeUser();
  const checking = (await api.ok(
    api.addAccount(user.token, {
      kind: 'checking',
      name: 'Checking',
      opening_balance: 3000,
      opening_date: '2026-11-01',
    }),
  )) as { id: string };
  const [loan] = (await api.ok(
    api.call(user.token, 'PUT', LOANS, { debts: [{ ...car, due_date: '2026-12-20' }] }),
  )) as {
    id: string;
  }[];
  if (!loan) throw new Error('no loan');
  return { ...user, checkingId: checking.id, loanId: loan.id };
}

const loanOf = async (token: string, id: string) =>
  ((await api.ok(api.call(token, 'GET', LOANS))) as { id: string; outstanding_balance: number }[]).find(
    (l) => l.id === id,
  );

describe('loan payments found in bank rows', () => {
  it('an imported $450 "AUTO LOAN" payment near the due date lowers the loan by principal, interest charged', async () => {
    const user = await borrower();
    const summaryBefore = (await api.ok(api.summary(user.token))) as { total_spent: number };
    const up = await imports.uploadTo(
      user.token,
      user.checkingId,
      'checking.csv',
      'Date,Payee,Amount\n11/21/2026,TOYOTA FINANCIAL AUTO LOAN PMT,-450.00\n11/21/2026,SHELL OIL 123 OAKLAND CA,-450.00\n',
    );
    const commit = await imports.commit(user.token, up.json().data.id);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().message).toContain('1 loan payment recorded in My Loans');
    // This month's interest: $18,250.50 × 6.25 % / 12 = $95.05; the other $354.95 lowers the loan.
    expect((await loanOf(user.token, user.loanId))?.outstanding_balance).toBe(18_250.5 - 354.95);
    const payments = (await api.ok(api.call(user.token, 'GET', `${LOANS}/${user.loanId}/payments`))) as {
      amount: number;
      date: string;
    }[];
    expect(payments).toMatchObject([{ amount: 450, date: TODAY }]);
    const rows = (await api.ok(api.list(user.token))) as Row[];
    // The loan payment is listed once (as My Loans' payment), the gas stays spending.
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ['loan_payment', -450],
      ['transaction', -450],
    ]);
    const accounts = (await api.accounts(user.token)) as unknown as { name: string; balance: number }[];
    expect(accounts.find((a) => a.name === 'Checking')?.balance).toBe(3000 - 900);
    const summary = (await api.ok(api.summary(user.token))) as { total_spent: number };
    expect(summary.total_spent).toBe(summaryBefore.total_spent + 450);
    // A re-import knows the row: no second payment.
    const again = await imports.uploadTo(
      user.token,
      user.checkingId,
      'checking.csv',
      'Date,Payee,Amount\n11/21/2026,TOYOTA FINANCIAL AUTO LOAN PMT,-450.00\n11/21/2026,SHELL OIL 123 OAKLAND CA,-450.00\n',
    );
    expect((await imports.commit(user.token, again.json().data.id)).json().data.inserted).toBe(0);
    expect((await loanOf(user.token, user.loanId))?.outstanding_balance).toBe(18_250.5 - 354.95);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });

  it('a hand entry too; a row without loan words, or far from the due date, stays spending', async () => {
    const user = await borrower();
    const plain = (await api.ok(
      api.add(user.token, spend(-450, 'BEST BUY #12', { account_id: user.checkingId })),
    )) as Row;
    expect(plain.kind).toBe('transaction');
    const far = (await api.ok(
      api.add(user.token, spend(-450, 'CAR LOAN', { account_id: user.checkingId, date: '2026-11-10' })),
    )) as Row;
    expect(far.kind).toBe('transaction');
    const paid = (await api.ok(
      api.add(user.token, spend(-450, 'Auto loan payment', { account_id: user.checkingId })),
    )) as Row;
    expect(paid).toMatchObject({ kind: 'loan_payment', amount: -450, account_id: user.checkingId });
    expect((await loanOf(user.token, user.loanId))?.outstanding_balance).toBe(18_250.5 - 354.95);
  });

  it('a found loan payment can be unpaired: the row is spending again and the loan owes what it did', async () => {
    const user = await borrower();
    const up = await imports.uploadTo(
      user.token,
      user.checkingId,
      'checking.csv',
      'Date,Payee,Amount\n11/21/2026,TOYOTA FINANCIAL AUTO LOAN PMT,-450.00\n',
    );
    expect((await imports.commit(user.token, up.json().data.id)).json().data.loan_payments).toBe(1);
    const [found] = (await api.ok(api.list(user.token))) as (Row & { transfer: { paired: boolean } | null })[];
    expect(found).toMatchObject({ kind: 'loan_payment', transfer: { paired: true } });
    if (!found) throw new Error('no row');
    const stranger = await api.activeUser();
    const foreign = await api.call(stranger.token, 'POST', `/api/v1/wallet/transactions/${found.id}/unpair`);
    expect(foreign.statusCode).toBe(404);
    const res = await api.call(user.token, 'POST', `/api/v1/wallet/transactions/${found.id}/unpair`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await api.ok(api.list(user.token))) as Row[];
    expect(rows.map((r) => [r.kind, r.amount, r.category])).toEqual([['transaction', -450, 'Uncategorized']]);
    expect((await loanOf(user.token, user.loanId))?.outstanding_balance).toBe(18_250.5);
    expect(await api.ok(api.call(user.token, 'GET', `${LOANS}/${user.loanId}/payments`))).toEqual([]);
    // A payment recorded in My Loans by hand is not the Wallet's to unpair.
    const byHand = (await api.ok(
      api.call(user.token, 'POST', `${LOANS}/${user.loanId}/payments`, {
        amount: 450,
        date: TODAY,
        account_id: user.checkingId,
      }),
    )) as { payment: { id: string } };
    const refused = await api.call(user.token, 'POST', `/api/v1/wallet/transactions/${byHand.payment.id}/unpair`);
    expect(refused.statusCode).toBe(409);
    expect(await ledgerInvariants(t().database.db, user.userId)).toEqual(HOLDS);
  });
});
