import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import {
  accountJournals,
  balanceOf,
  balanceOn,
  dailyBalances,
  ensureAccount,
  linesPage,
  liveLinesSum,
  loanPaymentsAccount,
  outsideAccount,
  post,
  reverse,
  subjectAccount,
  walletAccount,
} from './index.ts';
import { HOLDS, ledgerInvariants, ledgerUser, line } from './ledger.test-helpers.ts';

const t = useTestApp();
const db = () => t().database.db;

describe("the user's named accounts", () => {
  it('walletAccount is one checking account named Wallet per user, whose subject is the user', async () => {
    const userId = await ledgerUser(db());
    const other = await ledgerUser(db());
    const wallet = await walletAccount(db(), userId);
    expect(wallet).toMatchObject({ kind: 'checking', name: 'Wallet', subjectId: userId, neverBelowZero: false });
    expect((await walletAccount(db(), userId)).id).toBe(wallet.id);
    expect((await walletAccount(db(), other)).id).not.toBe(wallet.id);
    expect((await subjectAccount(db(), userId, 'checking', userId))?.id).toBe(wallet.id);
  });

  it('Loan payments never goes below zero; the outside accounts are one per name', async () => {
    const userId = await ledgerUser(db());
    expect(await loanPaymentsAccount(db(), userId)).toMatchObject({ kind: 'loan_payments', neverBelowZero: true });
    const opening = await outsideAccount(db(), userId, 'opening');
    const elsewhere = await outsideAccount(db(), userId, 'elsewhere');
    expect([opening.name, elsewhere.name]).toEqual(['Opening balances', 'Outside Helo']);
    expect(opening.kind).toBe(elsewhere.kind);
    expect((await outsideAccount(db(), userId, 'opening')).id).toBe(opening.id);
  });
});

describe('a reversal told to keep an account at zero', () => {
  it('refuses to take the Wallet below zero, though spending may overdraw it', async () => {
    const userId = await ledgerUser(db());
    const wallet = await walletAccount(db(), userId);
    const income = await outsideAccount(db(), userId, 'income');
    const shop = await ensureAccount(db(), userId, { kind: 'spending', name: 'Shop' });
    const pay = await post(db(), userId, {
      date: '2026-11-20',
      kind: 'test.pay',
      description: 'Pay',
      lines: [line(income.id, -1_000), line(wallet.id, 1_000)],
    });
    await post(db(), userId, {
      date: '2026-11-21',
      kind: 'test.spend',
      description: 'Shop',
      lines: [line(wallet.id, -1_500), line(shop.id, 1_500)],
    });
    expect(await balanceOf(db(), userId, wallet.id)).toBe(-500);
    const refused = reverse(db(), userId, pay.id, { neverBelowZero: [wallet.id] });
    await expect(refused).rejects.toMatchObject({ code: 'below_zero', accountId: wallet.id, balanceCents: -500 });
    expect(await balanceOf(db(), userId, wallet.id)).toBe(-500);
  });
});

describe("an account's journals", () => {
  it('lists newest first, leaving out hidden kinds, their reversals and what they reversed; pages by cursor', async () => {
    const userId = await ledgerUser(db());
    const pot = await ensureAccount(db(), userId, {
      kind: 'goal',
      name: 'Trip',
      subjectId: crypto.randomUUID(),
      neverBelowZero: true,
    });
    const outside = await outsideAccount(db(), userId, 'elsewhere');
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 12, minute));
    const move = (kind: string, cents: number, date: string, minute: number) =>
      post(db(), userId, {
        date,
        kind,
        description: kind,
        createdAt: at(minute),
        lines: [line(outside.id, -cents), line(pot.id, cents)],
      });
    await move('test.opening', 5_000, '2026-11-01', 0);
    const kept = await move('test.deposit', 1_000, '2026-11-02', 1);
    const deleted = await move('test.deposit', 2_000, '2026-11-03', 2);
    await reverse(db(), userId, deleted.id, { kind: 'test.deleted' });
    const shown = await move('test.deposit', 300, '2026-11-03', 3);
    const undone = await reverse(db(), userId, shown.id, { kind: 'test.undone', date: '2026-11-04', at: at(4) });

    const hidden = ['test.opening', 'test.deleted'];
    const all = await accountJournals(db(), userId, pot.id, { limit: 10, hidden });
    expect(all.rows.map((r) => [r.id, r.amountCents, r.reversesKind])).toEqual([
      [undone.id, -300, 'test.deposit'],
      [shown.id, 300, null],
      [kept.id, 1_000, null],
    ]);
    const first = await accountJournals(db(), userId, pot.id, { limit: 2, hidden });
    expect(first.more).toBe(true);
    const last = first.rows.at(-1);
    const rest = await accountJournals(db(), userId, pot.id, { limit: 2, hidden, ...(last ? { after: last } : {}) });
    expect(rest).toMatchObject({ more: false, rows: [{ id: kept.id }] });
    expect(await ledgerInvariants(db(), userId)).toEqual(HOLDS);
  });
});

describe('lines, sums and balances by day', () => {
  it("a page of lines, the live income of a month, and an account's balance at the end of each day", async () => {
    const userId = await ledgerUser(db());
    const income = await outsideAccount(db(), userId, 'income');
    const wallet = await walletAccount(db(), userId);
    const loans = await loanPaymentsAccount(db(), userId);
    const pay = (cents: number, date: string) =>
      post(db(), userId, {
        date,
        kind: 'test.deposit',
        description: 'Pay',
        lines: [line(income.id, -cents), line(wallet.id, cents - 100), line(loans.id, 100)],
      });
    await pay(1_000, '2026-10-31');
    await pay(2_000, '2026-11-02');
    const undone = await pay(4_000, '2026-11-05');
    await reverse(db(), userId, undone.id, { kind: 'test.reversal', date: '2026-11-06' });

    const page = await linesPage(
      db(),
      userId,
      { journalKinds: ['test.deposit', 'test.reversal'], exceptAccountKinds: ['income'] },
      3,
    );
    expect(page.more).toBe(true);
    expect(page.rows.map((r) => [r.date, r.accountName, r.amountCents])).toEqual([
      ['2026-11-06', 'Loan payments', -100],
      ['2026-11-06', 'Wallet', -3_900],
      ['2026-11-05', 'Loan payments', 100],
    ]);

    const november = { journalKind: 'test.deposit', accountKind: 'income' as const };
    expect(await liveLinesSum(db(), userId, { ...november, first: '2026-11-01', next: '2026-12-01' })).toBe(-2_000);

    const days = (await dailyBalances(db(), userId, [wallet.id])).get(wallet.id);
    expect(days).toEqual([
      { date: '2026-10-31', balanceCents: 900 },
      { date: '2026-11-02', balanceCents: 2_800 },
      { date: '2026-11-05', balanceCents: 6_700 },
      { date: '2026-11-06', balanceCents: 2_800 },
    ]);
    expect(await balanceOn(db(), wallet.id, '2026-11-03')).toEqual({ balanceCents: 2_800, nextDay: '2026-11-05' });
  });
});
