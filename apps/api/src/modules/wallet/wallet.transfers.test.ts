import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { errorPaths, spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * Money moved between the user's own accounts is never income nor spending (issue 27 item 4;
 * decisions.md "One meaning for every number").
 */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);
const TRANSFERS = '/api/v1/wallet/transfers';

const balances = async (token: string) =>
  Object.fromEntries((await api.accounts(token)).map((a) => [a.name, (a as unknown as { balance: number }).balance]));
const transfer = (token: string, body: Record<string, unknown>) => api.call(token, 'POST', TRANSFERS, body);
const home = async (token: string) =>
  (await api.ok(api.call(token, 'GET', '/api/v1/home'))) as {
    net_worth: { total: number } | null;
    wallet: { spent_this_month: number } | null;
    nest: { income_this_month: number } | null;
  };

async function twoAccounts(token: string) {
  const [wallet] = await api.accounts(token);
  const savings = await api.ok(api.addAccount(token, { kind: 'savings', name: 'Savings', opening_balance: 1000 }));
  if (!wallet) throw new Error('no Wallet');
  return { wallet, savings };
}

describe('transfers between the user’s accounts', () => {
  it('one journal: both balances change, both lists show it, no spending, income or net worth changes', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token);
    const { wallet, savings } = await twoAccounts(token);
    await api.ok(api.add(token, spend(-30, 'Lunch', { category: 'Food' })));
    const summaryBefore = (await api.ok(api.summary(token))) as Record<string, unknown>;
    const homeBefore = await home(token);
    const res = await transfer(token, {
      from_account_id: savings.id,
      to_account_id: wallet.id,
      amount: 250.25,
      date: TODAY,
      note: 'Rent top-up',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      kind: 'transfer',
      account_id: savings.id,
      amount: -250.25,
      transfer: { from_account_id: savings.id, to_account_id: wallet.id },
      note: 'Rent top-up',
      nest_deposit_id: null,
    });
    expect(await balances(token)).toEqual({ Wallet: -30 + 250.25, Savings: 1000 - 250.25 });
    const inWallet = (await api.ok(api.list(token, `?account_id=${wallet.id}`))) as { id: string; amount: number }[];
    expect(inWallet.find((x) => x.id === made.id)).toMatchObject({ account_id: wallet.id, amount: 250.25 });
    const inSavings = (await api.ok(api.list(token, `?account_id=${savings.id}`))) as { id: string }[];
    expect(inSavings.find((x) => x.id === made.id)).toMatchObject({ account_id: savings.id, amount: -250.25 });
    // Not a category's: filtering by one leaves it out.
    expect((await api.ok(api.list(token, '?category=Uncategorized'))) as unknown[]).toEqual([]);
    const summaryAfter = (await api.ok(api.summary(token))) as Record<string, unknown>;
    expect({ ...summaryAfter, balance: 0 }).toEqual({ ...summaryBefore, balance: 0 });
    const homeAfter = await home(token);
    expect(homeAfter.net_worth?.total).toBe(homeBefore.net_worth?.total);
    expect(homeAfter.wallet?.spent_this_month).toBe(homeBefore.wallet?.spent_this_month);
    expect(homeAfter.nest?.income_this_month).toBe(homeBefore.nest?.income_this_month);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('an edit corrects it (same id, version + 1), a delete reverses it; stale versions are 409s', async () => {
    const { token, userId } = await api.activeUser();
    const { wallet, savings } = await twoAccounts(token);
    const made = await api.ok(
      transfer(token, { from_account_id: savings.id, to_account_id: wallet.id, amount: 100, date: TODAY }),
    );
    const body = { from_account_id: wallet.id, to_account_id: savings.id, amount: 40, date: '2026-11-20', version: 1 };
    const saved = await api.ok(api.call(token, 'PUT', `${TRANSFERS}/${made.id}`, body));
    expect(saved).toMatchObject({ id: made.id, version: 2, amount: -40, account_id: wallet.id, date: '2026-11-20' });
    expect(await balances(token)).toEqual({ Wallet: -40, Savings: 1040 });
    expect((await api.call(token, 'PUT', `${TRANSFERS}/${made.id}`, body)).statusCode).toBe(409);
    // The transactions' own edit is not for a transfer.
    expect((await api.save(token, made.id, { ...spend(-1, 'x'), version: 2 })).statusCode).toBe(409);
    expect((await api.call(token, 'DELETE', `${TRANSFERS}/${made.id}`)).statusCode).toBe(200);
    expect(await balances(token)).toEqual({ Wallet: 0, Savings: 1000 });
    expect((await api.call(token, 'DELETE', `${TRANSFERS}/${made.id}`)).statusCode).toBe(404);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('refuses the same account twice, another user’s account, a closed one, naming the field; 409 before the Nest', async () => {
    const { token } = await api.activeUser();
    const other = await api.activeUser();
    const { wallet, savings } = await twoAccounts(token);
    const [theirs] = await api.accounts(other.token);
    const cash = await api.ok(api.addAccount(token, { kind: 'cash', name: 'Jar', opening_balance: 5 }));
    expect((await api.call(token, 'DELETE', `/api/v1/accounts/${cash.id}`)).statusCode).toBe(200);
    const base = { amount: 10, date: TODAY };
    const same = await transfer(token, { ...base, from_account_id: wallet.id, to_account_id: wallet.id });
    expect(same.statusCode).toBe(400);
    expect(errorPaths(same)).toEqual(['to_account_id']);
    const foreign = await transfer(token, { ...base, from_account_id: theirs?.id, to_account_id: savings.id });
    expect(foreign.statusCode).toBe(400);
    expect(errorPaths(foreign)).toEqual(['from_account_id']);
    const closed = await transfer(token, { ...base, from_account_id: wallet.id, to_account_id: cash.id });
    expect(errorPaths(closed)).toEqual(['to_account_id']);
    const zero = await transfer(token, { ...base, amount: 0, from_account_id: wallet.id, to_account_id: savings.id });
    expect(errorPaths(zero)).toEqual(['amount']);
    const late = await transfer(token, {
      ...base,
      date: '2026-12-25',
      from_account_id: wallet.id,
      to_account_id: savings.id,
    });
    expect(errorPaths(late)).toEqual(['date']);
    const fresh = await api.newUser();
    // Before the Money Nest there are no accounts: a 409 that says to activate it.
    expect((await transfer(fresh.token, { ...base, from_account_id: 'x', to_account_id: 'y' })).statusCode).toBe(409);
    // Another user's transfer is a 404 to edit or delete.
    const mine = await api.ok(transfer(token, { ...base, from_account_id: wallet.id, to_account_id: savings.id }));
    expect((await api.call(other.token, 'DELETE', `${TRANSFERS}/${mine.id}`)).statusCode).toBe(404);
    expect((await api.call(other.token, 'DELETE', `/api/v1/wallet/transactions/${mine.id}`)).statusCode).toBe(404);
  });

  it('an imported −$500 turned into a transfer to Savings: out of spending, into Savings, its bank id kept', async () => {
    const { token, userId } = await api.activeUser();
    const { wallet, savings } = await twoAccounts(token);
    const file = 'Date,Payee,Amount\n11/20/2026,ONLINE TRANSFER TO SAV,-500.00\n';
    const up = await imports.upload(token, 'w.csv', file);
    await api.ok(imports.commit(token, up.json().data.id));
    const [row] = (await api.ok(api.list(token))) as { id: string; version: number }[];
    const spentBefore = (await home(token)).wallet?.spent_this_month ?? 0;
    const made = await api.ok(
      api.call(token, 'POST', `/api/v1/wallet/transactions/${row?.id}/transfer`, {
        account_id: savings.id,
        version: row?.version,
      }),
    );
    expect(made).toMatchObject({
      id: row?.id,
      kind: 'transfer',
      payee: 'Online Transfer to Sav',
      original_payee: 'ONLINE TRANSFER TO SAV',
      bank_category: null,
      amount: -500,
      transfer: { from_account_id: wallet.id, to_account_id: savings.id },
    });
    // The money left the Wallet as before, into Savings now: no longer spending.
    expect(await balances(token)).toEqual({ Wallet: -500, Savings: 1500 });
    expect((await home(token)).wallet?.spent_this_month).toBe(spentBefore - 500);
    // Again is a 409; the same account is a 400 at account_id.
    const again = await api.call(token, 'POST', `/api/v1/wallet/transactions/${row?.id}/transfer`, {
      account_id: savings.id,
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    const plain = await api.ok(api.add(token, spend(-5, 'Coffee')));
    const self = await api.call(token, 'POST', `/api/v1/wallet/transactions/${plain.id}/transfer`, {
      account_id: wallet.id,
      version: 1,
    });
    expect(errorPaths(self)).toEqual(['account_id']);
    // The bank file again is a duplicate.
    const repeat = await imports.upload(token, 'w.csv', file);
    expect(repeat.json().data.duplicates).toBe(1);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });
});
