import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { errorPaths, NOVEMBER_BUDGET, spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * Transfers found in two of the user's accounts' rows (issue 29 item 5): opposite amounts, days at most
 * three apart, two accounts of the user's: one transfer, neither income nor spending; paired and
 * unpaired by hand too.
 */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

const csv = (rows: string[]) => `Date,Payee,Amount\n${rows.join('\n')}\n`;

interface Row {
  id: string;
  kind: string;
  payee: string;
  original_payee: string | null;
  amount: number;
  account_id: string;
  category: string;
  version: number;
  transfer: { from_account_id: string; to_account_id: string } | null;
}

const balances = async (token: string) =>
  Object.fromEntries((await api.accounts(token)).map((a) => [a.name, (a as unknown as { balance: number }).balance]));
const list = async (token: string, query = '') => (await api.ok(api.list(token, query))) as Row[];
const pair = (token: string, id: string, body: Record<string, unknown>) =>
  api.call(token, 'POST', `/api/v1/wallet/transactions/${id}/pair`, body);
const unpair = (token: string, id: string) => api.call(token, 'POST', `/api/v1/wallet/transactions/${id}/unpair`);

async function importInto(token: string, accountId: string, name: string, content: string) {
  const up = await imports.uploadTo(token, accountId, name, content);
  expect(up.statusCode, up.body).toBe(201);
  const commit = await imports.commit(token, up.json().data.id);
  expect(commit.statusCode, commit.body).toBe(200);
  return commit.json() as { message: string; data: { inserted: number } };
}

async function checkingAndSavings(token: string) {
  const checking = (await api.ok(
    api.addAccount(token, { kind: 'checking', name: 'Checking', opening_balance: 2000 }),
  )) as { id: string };
  const savings = (await api.ok(api.addAccount(token, { kind: 'savings', name: 'Savings', opening_balance: 100 }))) as {
    id: string;
  };
  return { checking, savings };
}

describe('transfers found between the user’s accounts', () => {
  it('a checking → savings move in two files is one transfer, left out of spending and income', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token);
    const { checking, savings } = await checkingAndSavings(token);
    await importInto(
      token,
      checking.id,
      'checking.csv',
      csv(['11/16/2026,ONLINE TRANSFER TO SAV 1234,-500.00', '11/16/2026,SAFEWAY #1234 OAKLAND CA,-42.10']),
    );
    const summaryBefore = await api.ok(api.summary(token));
    const second = await importInto(
      token,
      savings.id,
      'savings.csv',
      csv(['11/18/2026,TRANSFER FROM CHK 5678,500.00', '11/18/2026,INTEREST,0.41']),
    );
    expect(second.message).toContain('1 transfer between your accounts found');
    const rows = await list(token);
    const transfers = rows.filter((r) => r.kind === 'transfer');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      original_payee: 'ONLINE TRANSFER TO SAV 1234',
      amount: -500,
      account_id: checking.id,
      transfer: { from_account_id: checking.id, to_account_id: savings.id, paired: true },
    });
    // The savings row is the transfer's other side: not listed again, in either account.
    expect(rows.map((r) => r.original_payee)).not.toContain('TRANSFER FROM CHK 5678');
    const inSavings = await list(token, `?account_id=${savings.id}`);
    expect(inSavings.filter((r) => r.kind === 'transfer')).toMatchObject([{ amount: 500 }]);
    expect(await balances(token)).toMatchObject({ Checking: 2000 - 500 - 42.1, Savings: 100 + 500 + 0.41 });
    // Not spending: the summary lost the $500 the checking file had counted as Uncategorized spending,
    // and the interest is the month's only new income.
    const summary = (await api.ok(api.summary(token))) as { total_spent: number; income: number };
    expect(summary.total_spent).toBeCloseTo((summaryBefore as { total_spent: number }).total_spent - 500, 2);
    expect(summary.income).toBeCloseTo((summaryBefore as { income: number }).income + 0.41, 2);
    // My Budget's Spent column is the summary's per category: Uncategorized holds only the grocer.
    const uncategorized = (summary as unknown as { categories: { name: string; spent: number }[] }).categories.find(
      (c) => c.name === 'Uncategorized',
    );
    expect(uncategorized?.spent).toBeCloseTo(42.1, 2);
    // A re-import of the savings file knows its row: nothing added twice.
    const again = await importInto(
      token,
      savings.id,
      'savings.csv',
      csv(['11/18/2026,TRANSFER FROM CHK 5678,500.00', '11/18/2026,INTEREST,0.41']),
    );
    expect(again.data.inserted).toBe(0);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('a credit-card payment: checking −X and the card +X in one multi-row session', async () => {
    const { token } = await api.activeUser();
    const checking = (await api.ok(
      api.addAccount(token, { kind: 'checking', name: 'Checking', opening_balance: 3000 }),
    )) as { id: string };
    const card = (await api.ok(api.addAccount(token, { kind: 'credit_card', name: 'Visa' }))) as { id: string };
    await importInto(
      token,
      card.id,
      'card.csv',
      csv(['11/02/2026,COFFEE,-812.40', '11/12/2026,PAYMENT THANK YOU,812.40']),
    );
    const res = await importInto(token, checking.id, 'chk.csv', csv(['11/10/2026,CHASE CREDIT CRD AUTOPAY,-812.40']));
    expect(res.message).toContain('1 transfer');
    const rows = await list(token);
    expect(rows.filter((r) => r.kind === 'transfer')).toMatchObject([
      { transfer: { from_account_id: checking.id, to_account_id: card.id }, amount: -812.4 },
    ]);
    // The purchase of the same amount on the card stays a purchase: a card's rows never pair with each other.
    expect(rows.find((r) => r.original_payee === 'COFFEE' || r.payee === 'COFFEE')).toMatchObject({
      kind: 'transaction',
      amount: -812.4,
    });
    expect(await balances(token)).toMatchObject({ Checking: 3000 - 812.4, Visa: 0 });
  });

  it('leaves rows more than three days apart, of other amounts, or in the same account', async () => {
    const { token } = await api.activeUser();
    const { checking, savings } = await checkingAndSavings(token);
    await importInto(
      token,
      checking.id,
      'c.csv',
      csv([
        '11/01/2026,OUT A,-100.00',
        '11/01/2026,OUT B,-200.00',
        '11/01/2026,IN C,300.00',
        '11/01/2026,OUT C,-300.00',
      ]),
    );
    await importInto(token, savings.id, 's.csv', csv(['11/05/2026,IN A,100.00', '11/01/2026,IN B,200.01']));
    expect((await list(token)).filter((r) => r.kind === 'transfer')).toEqual([]);
  });

  it('a hand entry of the other side pairs at once', async () => {
    const { token } = await api.activeUser();
    const { checking, savings } = await checkingAndSavings(token);
    await importInto(token, checking.id, 'c.csv', csv(['11/20/2026,TRANSFER TO SAVINGS,-75.00']));
    const made = await api.ok(api.add(token, spend(75, 'Moved from checking', { account_id: savings.id })));
    expect(made).toMatchObject({ kind: 'transfer', account_id: savings.id, amount: 75 });
    expect((await list(token)).filter((r) => r.kind !== 'transfer').map((r) => r.payee)).not.toContain(
      'Moved from checking',
    );
  });

  it('pair by hand, then unpair: both rows back as the transactions they were (ids, categories)', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token, NOVEMBER_BUDGET);
    const { checking, savings } = await checkingAndSavings(token);
    const out = (await api.ok(
      api.add(
        token,
        spend(-60, 'Sent to savings', { account_id: checking.id, category: 'Housing', date: '2026-11-01' }),
      ),
    )) as Row;
    const into = (await api.ok(
      api.add(token, spend(60, 'From checking', { account_id: savings.id, date: TODAY })),
    )) as Row;
    // Twenty days apart: not found, but the user may pair them.
    expect(out.kind).toBe('transaction');
    expect(into.kind).toBe('transaction');
    const before = await balances(token);

    const wrong = await pair(token, out.id, { other_id: out.id });
    expect(wrong.statusCode).toBe(400);
    expect(errorPaths(wrong)).toEqual(['other_id']);
    const stale = await pair(token, into.id, { other_id: out.id, version: into.version + 1 });
    expect(stale.statusCode, stale.body).toBe(409);

    const paired = await pair(token, into.id, { other_id: out.id, version: into.version });
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json().data).toMatchObject({
      id: out.id,
      kind: 'transfer',
      account_id: savings.id,
      amount: 60,
      transfer: { from_account_id: checking.id, to_account_id: savings.id, paired: true },
    });
    expect(await balances(token)).toEqual(before);
    const rows = await list(token);
    expect(rows.map((r) => r.id)).not.toContain(into.id);
    // A paired transfer is changed by unpairing it first.
    const edit = await api.call(token, 'DELETE', `/api/v1/wallet/transfers/${out.id}`);
    expect(edit.statusCode).toBe(409);
    // Pairing a transfer again is refused.
    expect((await pair(token, out.id, { other_id: into.id })).statusCode).toBe(409);

    const back = await unpair(token, out.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject([
      { id: out.id, kind: 'transaction', category: 'Housing', amount: -60, account_id: checking.id },
      { id: into.id, kind: 'transaction', category: 'Uncategorized', amount: 60, account_id: savings.id },
    ]);
    const after = await list(token);
    expect(
      after
        .filter((r) => r.kind === 'transaction')
        .map((r) => r.id)
        .sort(),
    ).toEqual([out.id, into.id].sort());
    expect(await balances(token)).toEqual(before);
    // Unpaired twice: nothing to unpair.
    expect((await unpair(token, out.id)).statusCode).toBe(404);
    // Paired again, found again: the same two become one once more.
    expect((await pair(token, out.id, { other_id: into.id })).statusCode).toBe(200);
    expect((await unpair(token, out.id)).statusCode).toBe(200);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('a transfer recorded as one is not unpaired (409); another user’s ids are 404s', async () => {
    const { token } = await api.activeUser();
    const { checking, savings } = await checkingAndSavings(token);
    const made = (await api.ok(
      api.call(token, 'POST', '/api/v1/wallet/transfers', {
        from_account_id: checking.id,
        to_account_id: savings.id,
        amount: 10,
        date: TODAY,
      }),
    )) as Row;
    expect((await unpair(token, made.id)).statusCode).toBe(409);
    const a = (await api.ok(api.add(token, spend(-5, 'A', { account_id: checking.id })))) as Row;

    const other = await api.activeUser();
    const { savings: theirs } = await checkingAndSavings(other.token);
    const b = (await api.ok(api.add(other.token, spend(5, 'B', { account_id: theirs.id })))) as Row;
    expect((await unpair(other.token, made.id)).statusCode).toBe(404);
    expect((await pair(other.token, a.id, { other_id: b.id })).statusCode).toBe(404);
    const cross = await pair(token, a.id, { other_id: b.id });
    expect(cross.statusCode).toBe(400);
    expect(errorPaths(cross)).toEqual(['other_id']);
    expect((await pair(token, 'not-an-id', { other_id: b.id })).statusCode).toBe(404);
  });
});
