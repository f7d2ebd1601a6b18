import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { bankFixture, importRequests } from './import/import-requests.test-helpers.ts';
import { ACCOUNTS, errorPaths, spend, walletRequests } from './wallet-requests.test-helpers.ts';

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

const card = { kind: 'credit_card', name: 'Visa' };
const balances = async (token: string) =>
  Object.fromEntries((await api.accounts(token)).map((a) => [a.name, (a as unknown as { balance: number }).balance]));
const ids = (res: { json(): { data: { id: string }[] } }) =>
  res
    .json()
    .data.map((x) => x.id)
    .sort();

describe('transactions in the user’s accounts', () => {
  it('a purchase on the card is in the card: its balance, its filter; the month’s spending counts every account', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token);
    const visa = await api.ok(api.addAccount(token, card));
    const [wallet] = await api.accounts(token);
    const onCard = await api.ok(
      api.add(token, spend(-45.5, 'Bistro', { account_id: visa.id, category: 'Dining Out' })),
    );
    const inWallet = await api.ok(api.add(token, spend(-20, 'Diner', { category: 'dining out' })));
    expect(onCard.account_id).toBe(visa.id);
    expect(inWallet.account_id).toBe(wallet?.id);
    expect(await balances(token)).toEqual({ Wallet: -20, Visa: -45.5 });
    expect(ids(await api.list(token, `?account_id=${visa.id}`))).toEqual([onCard.id]);
    expect(ids(await api.list(token, `?account_id=${wallet?.id}&category=Dining%20Out`))).toEqual([inWallet.id]);
    expect(ids(await api.list(token))).toEqual([onCard.id, inWallet.id].sort());
    const summary = (await api.summary(token)).json().data;
    // The balance is the Wallet's; the spending is the user's, wherever it was paid from.
    expect(summary.balance).toBe(-20);
    expect(summary.categories).toContainEqual({ name: 'Dining Out', planned: 120, spent: 65.5 });
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('an edit can move it to another account, keeping its id and time; without account_id it stays where it is', async () => {
    const { token } = await api.activeUser();
    const visa = await api.ok(api.addAccount(token, card));
    const tx = await api.ok(api.add(token, spend(-30, 'Taxi')));
    t().clock.advance(60_000);
    const moved = await api.ok(api.save(token, tx.id, { ...spend(-32, 'Taxi'), account_id: visa.id, version: 1 }));
    expect(moved).toMatchObject({ id: tx.id, account_id: visa.id, amount: -32, version: 2, created_at: tx.created_at });
    expect(await balances(token)).toEqual({ Wallet: 0, Visa: -32 });
    const kept = await api.ok(api.save(token, tx.id, { ...spend(-33, 'Taxi home'), version: 2 }));
    expect(kept).toMatchObject({ account_id: visa.id, amount: -33, version: 3 });
    expect((await api.remove(token, tx.id)).statusCode).toBe(200);
    expect(await balances(token)).toEqual({ Wallet: 0, Visa: 0 });
    expect((await api.list(token)).json().data).toEqual([]);
  });

  it('an account id that is not one of the user’s open accounts is a 400 naming account_id, with any other bad field', async () => {
    const { token } = await api.activeUser();
    const visa = await api.ok(api.addAccount(token, card));
    await api.ok(api.call(token, 'DELETE', `${ACCOUNTS}/${visa.id}`));
    for (const account_id of [visa.id, 'nope', crypto.randomUUID()]) {
      const res = await api.add(token, spend(-1, 'Gum', { account_id, category: 'Movies' }));
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['account_id', 'category']);
    }
  });
});

describe('a bank file into an account', () => {
  it('goes into the account picked; duplicates are judged within it, so the same file fits another account', async () => {
    const { token, userId } = await api.activeUser();
    const visa = await api.ok(api.addAccount(token, card));
    const ofx = bankFixture('statement.ofx');
    const toCard = await imports.uploadTo(token, visa.id, 'card.ofx', ofx);
    expect(toCard.statusCode, toCard.body).toBe(201);
    expect(toCard.json().data).toMatchObject({ account_id: visa.id, total: 6, duplicates: 0 });
    expect((await imports.commit(token, toCard.json().data.id)).json().data).toMatchObject({ inserted: 6 });
    // The same statement (the same bank ids) into the Wallet: none of it is there yet.
    const toWallet = (await imports.upload(token, 'wallet.ofx', ofx)).json().data;
    expect(toWallet).toMatchObject({ duplicates: 0 });
    // Pointed at the card again, the preview finds every row there, and says where.
    const again = await imports.preview(token, toWallet.id, { account_id: visa.id });
    expect(again.json().data).toMatchObject({ account_id: visa.id, duplicates: 6 });
    expect(again.json().message).toBe('6 transactions read, 6 already in Visa');
    const [wallet] = await api.accounts(token);
    const committed = await imports.commit(token, toWallet.id, { account_id: wallet?.id });
    expect(committed.json().data).toMatchObject({ inserted: 6, duplicates: 0 });
    const rows = (await api.list(token, `?account_id=${visa.id}`)).json().data;
    expect(rows).toHaveLength(6);
    expect(rows.every((r: { import_id: string }) => r.import_id === toCard.json().data.id)).toBe(true);
    const b = await balances(token);
    expect(b.Wallet).toBe(b.Visa);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);

    // An imported transaction keeps its bank id: it cannot be moved where that bank id is already.
    const moving = rows[0];
    const refused = await api.save(token, moving.id, {
      date: moving.date,
      payee: moving.payee,
      amount: moving.amount,
      account_id: wallet?.id,
      version: moving.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'account_id', message: 'Wallet has this bank transaction already' },
    ]);
  });

  it("another user's account is refused at upload, preview and commit; a deleted account's import is not committed", async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    const [theirs] = await api.accounts(a.token);
    const csv = bankFixture('checking-november.csv');
    const upload = await imports.uploadTo(b.token, theirs?.id ?? '', 'x.csv', csv);
    expect(upload.statusCode).toBe(400);
    expect(errorPaths(upload)).toEqual(['account_id']);
    const jar = await api.ok(api.addAccount(b.token, { kind: 'cash', name: 'Jar' }));
    const mine = (await imports.uploadTo(b.token, jar.id, 'x.csv', csv)).json().data;
    for (const res of [
      await imports.preview(b.token, mine.id, { account_id: theirs?.id }),
      await imports.commit(b.token, mine.id, { account_id: theirs?.id }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(errorPaths(res)).toEqual(['account_id']);
    }
    // The account goes (it was never posted to): its uploads go with it.
    await api.ok(api.call(b.token, 'DELETE', `${ACCOUNTS}/${jar.id}`));
    expect((await imports.commit(b.token, mine.id)).statusCode).toBe(404);
    expect((await api.list(a.token)).json().data).toEqual([]);
    expect((await api.list(b.token)).json().data).toEqual([]);
  });
});
