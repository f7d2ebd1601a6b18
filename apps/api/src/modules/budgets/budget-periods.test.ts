import { afterEach, describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Budgets by pay period (issue 30 item 5): a user paid every two weeks from Friday 2 January 2026,
 * whose January holds three paydays (2, 16, 30). Spending is My Wallet's, counted in the period of
 * its day; Food rolls over, Fun does not. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
const t = useTestApp();
const START = Date.parse('2026-11-21T12:00:00Z');
const setDay = (day: string) => {
  const clock = t().clock;
  clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
};
afterEach(() => {
  const clock = t().clock;
  clock.advance(START - clock.now().getTime());
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t().app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
const ok = async (res: ReturnType<typeof call>) => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`refused: ${r.statusCode} ${r.body}`);
  return r.json().data;
};
const newUser = async () => (await register(t())).session.access_token;
const period = (token: string, date: string) => ok(call(token, 'GET', `/api/v1/budgets/period?date=${date}`));
const row = (p: { categories: { name: string }[] }, name: string) => p.categories.find((c) => c.name === name);
const biweekly = { every: 'two_weeks', payday: '2026-01-02' };

/** A user with My Wallet, January's budget (Food $600, Fun $100), February's a copy, and four transactions. */
async function paidEveryTwoWeeks() {
  const token = await newUser();
  await ok(call(token, 'POST', '/api/v1/nest/activate'));
  await ok(
    call(token, 'POST', '/api/v1/user-budgets', {
      month: '2026-01',
      net_income: 4_000,
      categories: [
        { name: 'Food', group: 'needs', planned: 600 },
        { name: 'Fun', group: 'wants', planned: 100 },
      ],
    }),
  );
  await ok(call(token, 'POST', '/api/v1/user-budgets', { month: '2026-02', copy_from: '2026-01' }));
  setDay('2026-01-05');
  const settings = await ok(
    call(token, 'PUT', '/api/v1/budgets/settings', {
      period: 'pay_period',
      cadence: biweekly,
      rollover_categories: ['food'],
      version: 1,
    }),
  );
  expect(settings).toEqual({
    period: 'pay_period',
    cadence: biweekly,
    rollover_categories: ['food'],
    rollover_from: '2026-01-02',
    version: 2,
  });
  // The clock walks forward; each transaction is entered on its day.
  for (const [date, category, amount] of [
    ['2026-01-10', 'Food', -150],
    ['2026-01-16', 'Food', -400],
    ['2026-01-29', 'Fun', -30],
    ['2026-02-12', 'Food', -50],
  ] as const) {
    setDay(date);
    await ok(call(token, 'POST', '/api/v1/wallet/transactions', { date, payee: 'Shop', amount, category }));
  }
  return token;
}

describe('GET /v1/budgets/period, every two weeks', () => {
  it('cuts January into three periods, counts each purchase in its own, and rolls Food over', async () => {
    const token = await paidEveryTwoWeeks();

    const first = await period(token, '2026-01-02');
    expect(first).toMatchObject({
      period: 'pay_period',
      start: '2026-01-02',
      end: '2026-01-15',
      previous_start: '2025-12-19',
      next_start: '2026-01-16',
      budget_month: '2026-01',
    });
    // $600 a month is $276.92 a paycheck (12 × 600 / 26); $100 is $46.15.
    expect(row(first, 'Food')).toEqual({
      name: 'Food',
      group: 'needs',
      planned: 276.92,
      rolled_over: 0,
      spent: 150,
      left: 126.92,
      rollover: true,
    });
    expect(row(first, 'Fun')).toMatchObject({ planned: 46.15, spent: 0, left: 46.15, rollover: false });
    expect(row(first, 'Uncategorized')).toMatchObject({ group: null, planned: 0, spent: 0 });

    const second = await period(token, '2026-01-29');
    expect([second.start, second.end]).toEqual(['2026-01-16', '2026-01-29']);
    expect(row(second, 'Food')).toMatchObject({ planned: 276.92, rolled_over: 126.92, spent: 400, left: 3.84 });
    expect(row(second, 'Fun')).toMatchObject({ planned: 46.15, rolled_over: 0, spent: 30, left: 16.15 });
    expect(second.totals).toEqual({ planned: 323.07, rolled_over: 126.92, spent: 430, left: 19.99 });

    // January's third payday: the period runs into February and is planned from January's budget.
    const third = await period(token, '2026-02-12');
    expect(third).toMatchObject({ start: '2026-01-30', end: '2026-02-12', budget_month: '2026-01' });
    expect(row(third, 'Food')).toMatchObject({ planned: 276.92, rolled_over: 3.84, spent: 50, left: 230.76 });
    // Fun's $16.15 left in the second period does not carry: its rollover is off. A cent more this time.
    expect(row(third, 'Fun')).toMatchObject({ planned: 46.16, rolled_over: 0, spent: 0, left: 46.16 });

    // Rollover off for Food: each period starts from nothing (the cadence and rollover_from are kept).
    const off = await ok(
      call(token, 'PUT', '/api/v1/budgets/settings', { period: 'pay_period', cadence: biweekly, version: 2 }),
    );
    expect(off).toMatchObject({ rollover_categories: [], rollover_from: '2026-01-02', version: 3 });
    expect(row(await period(token, '2026-01-20'), 'Food')).toMatchObject({
      rolled_over: 0,
      spent: 400,
      left: -123.08,
      rollover: false,
    });

    // Back to months: the calendar month, the whole plan, January's spending (not February's $50).
    await ok(call(token, 'PUT', '/api/v1/budgets/settings', { period: 'month', version: 3 }));
    const month = await period(token, '2026-01-20');
    expect(month).toMatchObject({ period: 'month', start: '2026-01-01', end: '2026-01-31', next_start: '2026-02-01' });
    expect(row(month, 'Food')).toMatchObject({ planned: 600, rolled_over: 0, spent: 550, left: 50 });
    // The monthly budgets' own API is as it was.
    const list = await ok(call(token, 'GET', '/api/v1/user-budgets'));
    expect(list.map((b: { month: string }) => b.month)).toEqual(['2026-02', '2026-01']);
  });

  it('is by month for everyone who never chose, and shows only the user’s own money', async () => {
    const owner = await paidEveryTwoWeeks();
    const other = await newUser();
    const settings = await call(other, 'GET', '/api/v1/budgets/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-store');
    expect(settings.json().data).toEqual({
      period: 'month',
      cadence: null,
      rollover_categories: [],
      rollover_from: null,
      version: 1,
    });
    const res = await call(other, 'GET', '/api/v1/budgets/period?date=2026-01-20');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({ period: 'month', start: '2026-01-01', budget_month: null });
    expect(res.json().data.totals).toEqual({ planned: 0, rolled_over: 0, spent: 0, left: 0 });
    // Without ?date=, today's (New York's) period.
    setDay('2026-11-21');
    const today = await ok(call(owner, 'GET', '/api/v1/budgets/period'));
    expect([today.start, today.end]).toEqual(['2026-11-20', '2026-12-03']);
  });

  it('refuses bad settings naming the field, and a stale version', async () => {
    const token = await newUser();
    const put = (body: object) => call(token, 'PUT', '/api/v1/budgets/settings', body);
    const paths = async (res: ReturnType<typeof put>) =>
      (await res).json().errors?.map((e: { path: string }) => e.path);
    expect(await paths(put({ period: 'pay_period', version: 1 }))).toEqual(['cadence']);
    expect(
      await paths(put({ period: 'pay_period', cadence: { every: 'twice_month', days: [28, 30] }, version: 1 })),
    ).toEqual(['cadence.days.0']);
    expect(
      await paths(put({ period: 'pay_period', cadence: { every: 'twice_month', days: [15, 15] }, version: 1 })),
    ).toEqual(['cadence.days.1']);
    expect(
      await paths(put({ period: 'pay_period', cadence: { every: 'week', payday: '2026-02-30' }, version: 1 })),
    ).toEqual(['cadence.payday']);
    expect(await paths(put({ period: 'month', rollover_categories: ['a\u0000'], version: 1 }))).toEqual([
      'rollover_categories.0',
    ]);
    expect(await paths(put({ period: 'year', version: 1 }))).toEqual(['period']);
    const bad = await call(token, 'GET', '/api/v1/budgets/period?date=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('date');

    const saved = await put({ period: 'pay_period', cadence: { every: 'twice_month', days: [15, 31] }, version: 1 });
    expect(saved.statusCode).toBe(200);
    // 21 November 2026 falls in the period from the 15th.
    expect(saved.json().data.rollover_from).toBe('2026-11-15');
    const stale = await put({ period: 'month', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await call(token, 'GET', '/api/v1/budgets/settings')).json().data.period).toBe('pay_period');
    // Two saves at once from the same version: one wins, the other is told it is stale.
    const race = await Promise.all([
      put({ period: 'month', version: 2 }),
      put({ period: 'pay_period', cadence: { every: 'month', day: 'last' }, version: 2 }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
