import { addDays } from '@helo/finance/calendar';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { productToday } from '../../lib/product-day.ts';
import {
  type AccountAnswer,
  accountForm,
  DAY_MS,
  investmentRequests,
  K401,
  PROFILE,
  ROTH,
} from './investment-requests.test-helpers.ts';

const t = useTestApp();
const api = investmentRequests(t);
/** Tests here move the clock by days, and share it: each reads today from it. */
const today = () => productToday(t().clock.now());
type Account = AccountAnswer & Record<string, unknown>;

/** The account as the profile now answers it. */
async function current(token: string, id: string): Promise<Account> {
  const data = (await api.get(token)).json().data;
  return data.accounts.find((a: Account) => a.id === id);
}

describe('snapshots: one per account per day, the balance is the latest day', () => {
  it('a balance changed on two days adds a point a day; twice on one day keeps the last', async () => {
    const { token, email, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
    const id = accounts[0]?.id ?? '';
    let account = await current(token, id);
    await api.ok(api.updateAccount(token, id, accountForm(account, { balance: 50500 })));
    account = await current(token, id);
    await api.ok(api.updateAccount(token, id, accountForm(account, { balance: 50750.25 })));
    account = await current(token, id);
    // The first test of the file: the clock's first day, 21 Nov 2026.
    expect(today()).toBe('2026-11-21');
    expect(account.snapshots).toEqual([{ date: '2026-11-21', balance: 50750.25 }]);
    expect(account.balance).toBe(50750.25);

    t().clock.advance(DAY_MS);
    const token2 = await api.signIn(email);
    const next = await api.ok(api.updateAccount(token2, id, accountForm(account, { balance: 52000 })));
    expect(next.accounts[0]?.snapshots).toEqual([
      { date: '2026-11-21', balance: 50750.25 },
      { date: '2026-11-22', balance: 52000 },
    ]);
    expect(next.accounts[0]?.balance).toBe(52000);
    expect(next.total_balance).toBe(52000);
  });

  it('a save that keeps the balance and sends no day records nothing', async () => {
    const { email, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
    const id = accounts[0]?.id ?? '';
    t().clock.advance(3 * DAY_MS);
    const token2 = await api.signIn(email);
    const account = await current(token2, id);
    const saved = await api.ok(
      api.updateAccount(token2, id, accountForm(account, { name: 'Renamed', balance_on: null })),
    );
    expect(saved.accounts[0]).toMatchObject({ name: 'Renamed', snapshots: account.snapshots, version: 2 });
    expect(account.snapshots).toHaveLength(1);
  });

  it('the same balance with a day sent is recorded for that day', async () => {
    const { token, email, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
    const id = accounts[0]?.id ?? '';
    t().clock.advance(DAY_MS);
    const token2 = await api.signIn(email);
    const account = await current(token2, id);
    const first = account.snapshots[0]?.date;
    const saved = await api.ok(api.updateAccount(token2, id, accountForm(account, { balance_on: today() })));
    expect(saved.accounts[0]?.snapshots).toEqual([
      { date: first, balance: 50000 },
      { date: today(), balance: 50000 },
    ]);
    expect(first).toBe(addDays(today(), -1));
    expect(token).not.toBe(token2);
  });

  it('a balance for a past day adds history and keeps the latest day as the balance', async () => {
    const { token, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401, ROTH] });
    const id = accounts[0]?.id ?? '';
    const account = await current(token, id);
    const past = await api.ok(
      api.updateAccount(token, id, accountForm(account, { balance: 45000, balance_on: '2026-10-31' })),
    );
    expect(past.accounts[0]).toMatchObject({
      balance: 50000,
      snapshots: [
        { date: '2026-10-31', balance: 45000 },
        { date: today(), balance: 50000 },
      ],
      version: 2,
    });
    expect(past.total_balance).toBe(62000.5);
    // The projection starts from today's balance, not the statement's.
    expect((await api.get(token)).json().data.projection.accounts[0].rows[0].nominal).toBe(50000);

    // A later statement for the same past day replaces it; a still older one is added before it.
    const again = await current(token, id);
    await api.ok(api.updateAccount(token, id, accountForm(again, { balance: 46000, balance_on: '2026-10-31' })));
    const older = await current(token, id);
    const last = await api.ok(
      api.updateAccount(token, id, accountForm(older, { balance: 40000, balance_on: '2026-09-30' })),
    );
    expect(last.accounts[0]?.snapshots).toEqual([
      { date: '2026-09-30', balance: 40000 },
      { date: '2026-10-31', balance: 46000 },
      { date: today(), balance: 50000 },
    ]);
    expect(last.accounts[0]?.balance).toBe(50000);
  });

  it("a statement for today's day replaces today's balance", async () => {
    const { token, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
    const id = accounts[0]?.id ?? '';
    const account = await current(token, id);
    const saved = await api.ok(
      api.updateAccount(token, id, accountForm(account, { balance: 49000, balance_on: today() })),
    );
    expect(saved.accounts[0]).toMatchObject({ balance: 49000, snapshots: [{ date: today(), balance: 49000 }] });
  });

  it('an account created with a past day has that day as its only snapshot and its balance', async () => {
    const { token } = await api.userWithProfile({
      ...PROFILE,
      accounts: [{ ...K401, balance_on: '2026-06-30' }, ROTH],
    });
    const data = (await api.get(token)).json().data;
    expect(data.accounts[0]).toMatchObject({ balance: 50000, snapshots: [{ date: '2026-06-30', balance: 50000 }] });
    const added = await api.ok(api.addAccount(token, { ...ROTH, name: 'Old IRA', balance_on: '2025-12-31' }));
    expect(added.accounts[2]).toMatchObject({
      balance: 12000.5,
      snapshots: [{ date: '2025-12-31', balance: 12000.5 }],
    });
    // A newer balance for it then becomes its balance.
    const account = added.accounts[2] as Account;
    const moved = await api.ok(api.updateAccount(token, account.id, accountForm(account, { balance: 13000 })));
    expect(moved.accounts[2]).toMatchObject({
      balance: 13000,
      snapshots: [
        { date: '2025-12-31', balance: 12000.5 },
        { date: today(), balance: 13000 },
      ],
    });
  });

  it("'today' is New York's: at 10:30 pm there it is still that day, though past midnight UTC", async () => {
    const { email, accounts } = await api.userWithProfile({ ...PROFILE, accounts: [K401] });
    const id = accounts[0]?.id ?? '';
    // On to the next 03:30 UTC: 10:30 pm the evening before in New York (EST, November).
    const now = t().clock.now().getTime();
    let target = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T03:30:00Z`);
    while (target <= now) target += DAY_MS;
    t().clock.advance(target - now);
    const utcDay = new Date(target).toISOString().slice(0, 10);
    const token = await api.signIn(email);
    const account = await current(token, id);
    const saved = await api.ok(api.updateAccount(token, id, accountForm(account, { balance: 1 })));
    expect(saved.accounts[0]?.snapshots.at(-1)).toEqual({ date: addDays(utcDay, -1), balance: 1 });
    // A statement for the UTC day, tomorrow in New York, is someone's today east of New York; the day
    // after it is refused.
    const refused = await api.updateAccount(
      token,
      id,
      accountForm(account, { version: 2, balance_on: addDays(utcDay, 1) }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'balance_on', message: 'Balance date must be today or earlier' }]);
  });
});
