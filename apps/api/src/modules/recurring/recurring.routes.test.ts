import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { errorPaths, fileBody, walletRequests } from '../wallet/testing.ts';

const t = useTestApp();
const api = walletRequests(t);
const BASE = '/api/v1/recurring';
const DAY = 86_400_000;

// The clock back where the other tests expect it (the app, and so its clock, may serve the whole file).
afterEach(() => {
  t().clock.advance(-advanced * DAY);
  advanced = 0;
});

/** A user with the Money Nest (and so My Wallet) active, and their email to sign in again. */
async function activeUser() {
  const { session, body } = await register(t());
  await api.ok(api.call(session.access_token, 'POST', '/api/v1/nest/activate'));
  return { token: session.access_token, email: body.email };
}

/** Moves the clock by whole days and signs in again (an access token lasts 15 minutes). */
let advanced = 0;
async function daysLater(days: number, email: string): Promise<string> {
  t().clock.advance(days * DAY);
  advanced += days;
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: GOOD_PASSWORD },
  });
  return res.json().data.access_token;
}

/** Three months of a subscription with a price rise, a paycheck every two weeks, and noise. */
async function history(token: string) {
  const add = (date: string, payee: string, amount: number) => api.ok(api.add(token, { date, payee, amount }));
  for (const [date, amount] of [
    ['2026-08-14', -15.49],
    ['2026-09-14', -15.49],
    ['2026-10-14', -17.99],
    ['2026-11-14', -17.99],
  ] as const) {
    await add(date, 'NETFLIX.COM 866-579-7172 CA', amount);
  }
  for (const date of ['2026-09-04', '2026-09-18', '2026-10-02', '2026-10-16', '2026-10-30', '2026-11-13']) {
    await add(date, 'Acme Corp Payroll', 2_100);
  }
  for (const [date, amount] of [
    ['2026-09-03', -84.12],
    ['2026-09-29', -120.9],
    ['2026-10-05', -41.33],
    ['2026-11-09', -60.5],
  ] as const) {
    await add(date, 'Trader Joes', amount);
  }
}

const notificationsOf = async (token: string) =>
  ((await api.ok(api.call(token, 'GET', '/api/v1/notifications'))) as { title: string; message: string }[]).filter(
    (n) => n.title.endsWith('changed its price'),
  );

describe('found series', () => {
  it('finds the subscription and the paycheck, not the groceries; accepting matches the history and notices the price rise once', async () => {
    const user = await activeUser();
    let token = user.token;
    await history(token);
    const res = await api.call(token, 'GET', `${BASE}/suggestions`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const found = res.json().data as { id: string; name: string }[];
    expect(found.map((f) => f.name).sort()).toEqual(['Acme Corp Payroll', 'Netflix']);
    const netflix = found.find((f) => f.name === 'Netflix');
    expect(netflix).toMatchObject({
      kind: 'subscription',
      cadence: { every: 'month', day: 14 },
      amount: 17.99,
      amount_varies: false,
      next_date: '2026-12-14',
      price_change: { date: '2026-10-14', from: 15.49, to: 17.99 },
    });
    // The id is stable across reads.
    expect((await api.ok(api.call(token, 'GET', `${BASE}/suggestions`))).map((f: { id: string }) => f.id)).toEqual(
      found.map((f) => f.id),
    );

    const accepted = await api.call(token, 'POST', `${BASE}/suggestions/${netflix?.id}/accept`, {
      name: 'Netflix',
      category: 'Streaming',
    });
    expect(accepted.statusCode).toBe(201);
    const series = accepted.json().data;
    expect(series).toMatchObject({
      name: 'Netflix',
      kind: 'subscription',
      category: 'Streaming',
      amount: 17.99,
      start_date: '2026-08-14',
      price_change: { date: '2026-10-14', from: 15.49, to: 17.99 },
      version: 1,
    });
    expect(series.payments.map((p: { date: string; amount: number }) => [p.date, p.amount])).toEqual([
      ['2026-11-14', 17.99],
      ['2026-10-14', 17.99],
      ['2026-09-14', 15.49],
      ['2026-08-14', 15.49],
    ]);
    const priceNotes = await notificationsOf(token);
    expect(priceNotes.map((n) => n.message)).toEqual(['Netflix went from $15.49 to $17.99 on October 14, 2026.']);
    // Accepted: no longer offered, and a second accept is a 404.
    expect((await api.ok(api.call(token, 'GET', `${BASE}/suggestions`))).map((f: { name: string }) => f.name)).toEqual([
      'Acme Corp Payroll',
    ]);
    expect((await api.call(token, 'POST', `${BASE}/suggestions/${netflix?.id}/accept`, {})).statusCode).toBe(404);

    // A month on, the bank row of December is matched to its due date; January's new price is noticed.
    token = await daysLater(25, user.email);
    await api.ok(api.add(token, { date: '2026-12-15', payee: 'NETFLIX.COM 866-579-7172 CA', amount: -17.99 }));
    const calendar = await api.ok(api.call(token, 'GET', `${BASE}/calendar?from=2026-12-01&to=2027-01-31`));
    expect(
      calendar.occurrences.map((o: { date: string; paid: boolean; amount: number }) => [o.date, o.paid, o.amount]),
    ).toEqual([
      ['2026-12-14', true, -17.99],
      ['2027-01-14', false, -17.99],
    ]);
    token = await daysLater(31, user.email);
    await api.ok(api.add(token, { date: '2027-01-14', payee: 'Netflix', amount: -19.99 }));
    const [after] = await api.ok(api.call(token, 'GET', BASE));
    expect(after).toMatchObject({
      amount: 19.99,
      price_change: { date: '2027-01-14', from: 17.99, to: 19.99 },
      version: 2,
    });
    expect((await notificationsOf(token)).map((n) => n.message)).toEqual([
      'Netflix went from $17.99 to $19.99 on January 14, 2027.',
      'Netflix went from $15.49 to $17.99 on October 14, 2026.',
    ]);
  });

  it('a dismissed suggestion is not offered again; an unknown one is a 404; an accept is validated', async () => {
    const { token } = await api.activeUser();
    await history(token);
    const found = (await api.ok(api.call(token, 'GET', `${BASE}/suggestions`))) as { id: string; name: string }[];
    const pay = found.find((f) => f.name === 'Acme Corp Payroll');
    const bad = await api.call(token, 'POST', `${BASE}/suggestions/${pay?.id}/accept`, { kind: 'bill' });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad)).toEqual(['kind']);
    const nul = await api.call(token, 'POST', `${BASE}/suggestions/${pay?.id}/accept`, { name: 'Pay\u0000' });
    expect(errorPaths(nul)).toEqual(['name']);
    expect((await api.call(token, 'POST', `${BASE}/suggestions/${pay?.id}/dismiss`)).statusCode).toBe(200);
    expect((await api.ok(api.call(token, 'GET', `${BASE}/suggestions`))).map((f: { name: string }) => f.name)).toEqual([
      'Netflix',
    ]);
    expect((await api.call(token, 'POST', `${BASE}/suggestions/${pay?.id}/dismiss`)).statusCode).toBe(404);
    // Another user sees none of it.
    const other = await api.activeUser();
    expect((await api.call(other.token, 'POST', `${BASE}/suggestions/${found[0]?.id}/accept`, {})).statusCode).toBe(
      404,
    );
  });
});

describe('series by hand', () => {
  const rent = (accountId: string) => ({
    name: 'Rent',
    kind: 'bill',
    cadence: { every: 'month', day: 1 },
    amount: 1_800,
    account_id: accountId,
    category: 'Housing',
    start_date: '2026-06-01',
  });

  it('adds, lists, changes and deletes a series; the calendar shows its due dates in the window', async () => {
    const { token } = await api.activeUser();
    const [wallet] = await api.accounts(token);
    const paidRent = await api.ok(api.add(token, { date: '2026-11-02', payee: 'Rent', amount: -1_800 }));
    const made = await api.call(token, 'POST', BASE, rent(wallet?.id ?? ''));
    expect(made.statusCode).toBe(201);
    const series = made.json().data;
    // The history's November rent was matched to 1 November.
    expect(series).toMatchObject({ next_date: '2026-12-01', payments: [{ date: '2026-11-02', amount: 1800 }] });
    // The transaction deleted from My Wallet: the due date is no longer paid.
    expect((await api.remove(token, paidRent.id)).statusCode).toBe(200);
    expect((await api.ok(api.call(token, 'GET', BASE)))[0].payments).toEqual([]);
    const cal = await api.ok(api.call(token, 'GET', `${BASE}/calendar`));
    expect(cal).toMatchObject({ from: '2026-11-21', to: '2027-01-20' });
    expect(cal.occurrences.map((o: { date: string }) => o.date)).toEqual(['2026-12-01', '2027-01-01']);
    const saved = await api.call(token, 'PUT', `${BASE}/${series.id}`, {
      ...rent(wallet?.id ?? ''),
      cadence: { every: 'month', day: 'last' },
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ next_date: '2026-11-30', version: 2 });
    // A stale version is a 409; two saves at once: one wins.
    expect(
      (await api.call(token, 'PUT', `${BASE}/${series.id}`, { ...rent(wallet?.id ?? ''), version: 1 })).statusCode,
    ).toBe(409);
    const race = await Promise.all(
      [1, 2].map((i) =>
        api.call(token, 'PUT', `${BASE}/${series.id}`, { ...rent(wallet?.id ?? ''), amount: 1_800 + i, version: 2 }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Another user's id is a 404.
    const other = await api.activeUser();
    expect(
      (await api.call(other.token, 'PUT', `${BASE}/${series.id}`, { ...rent(wallet?.id ?? ''), version: 3 }))
        .statusCode,
    ).toBe(404);
    expect((await api.call(other.token, 'DELETE', `${BASE}/${series.id}`)).statusCode).toBe(404);
    expect((await api.call(token, 'DELETE', `${BASE}/${series.id}`)).statusCode).toBe(200);
    expect(await api.ok(api.call(token, 'GET', BASE))).toEqual([]);
  });

  it('a bank file imported after the series: its row pays the due date', async () => {
    const { token } = await activeUser();
    const [wallet] = await api.accounts(token);
    await api.ok(
      api.call(token, 'POST', BASE, {
        ...rent(wallet?.id ?? ''),
        name: 'Oakwood Apartments',
        start_date: '2026-10-01',
      }),
    );
    const file = fileBody(
      'bank.csv',
      'Date,Description,Amount\n11/02/2026,OAKWOOD APARTMENTS,-1800.00\n11/03/2026,Corner Cafe,-4.50\n',
    );
    const upload = await t().app.inject({
      method: 'POST',
      url: '/api/v1/wallet/imports',
      headers: { authorization: `Bearer ${token}`, ...file.headers },
      payload: file.payload,
    });
    expect(upload.statusCode).toBe(201);
    await api.ok(api.call(token, 'POST', `/api/v1/wallet/imports/${upload.json().data.id}/commit`, {}));
    const [series] = await api.ok(api.call(token, 'GET', BASE));
    expect(series.payments.map((p: { date: string; amount: number }) => [p.date, p.amount])).toEqual([
      ['2026-11-02', 1800],
    ]);
  });

  it('names the field at fault', async () => {
    const { token } = await api.activeUser();
    const [wallet] = await api.accounts(token);
    const other = await api.activeUser();
    const [theirs] = await api.accounts(other.token);
    const id = wallet?.id ?? '';
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ account_id: theirs?.id }, 'account_id'],
      [{ to_account_id: id }, 'to_account_id'],
      [{ kind: 'transfer' }, 'to_account_id'],
      [{ kind: 'income' }, 'category'],
      [{ end_date: '2026-01-01' }, 'end_date'],
      [{ through_nest: true }, 'through_nest'],
      [{ cadence: { every: 'twice_month', days: [20, 5] } }, 'cadence.days.1'],
      [{ cadence: { every: 'fortnight' } }, 'cadence.every'],
      [{ amount: 1e12 }, 'amount'],
    ];
    for (const [change, path] of cases) {
      const res = await api.call(token, 'POST', BASE, { ...rent(id), ...change });
      expect([res.statusCode, errorPaths(res)], JSON.stringify(change)).toEqual([400, [path]]);
    }
    const range = await api.call(token, 'GET', `${BASE}/calendar?from=2026-12-01&to=2026-11-01`);
    expect(errorPaths(range)).toEqual(['to']);
    expect(errorPaths(await api.call(token, 'GET', `${BASE}/calendar?from=2026-01-01&to=2026-12-31`))).toEqual(['to']);
  });
});
