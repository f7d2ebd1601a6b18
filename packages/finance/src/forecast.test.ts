import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.ts';
import {
  dips,
  type ExpectedItem,
  episodeChanges,
  type ForecastInputs,
  forecast,
  forecastBalances,
  lowestBeforePayday,
  nextPayday,
  spreadEvenly,
} from './forecast.ts';

const W = 'wallet';
const L = 'loan-payments';
const item = (over: Partial<ExpectedItem>): ExpectedItem => ({
  seriesId: 's',
  name: 'Rent',
  kind: 'bill',
  date: '2026-03-01',
  accountId: W,
  toAccountId: null,
  amountCents: -100_000,
  category: 'Housing',
  throughNest: false,
  paid: false,
  ...over,
});
const base = (over: Partial<ForecastInputs> = {}): ForecastInputs => ({
  today: '2026-02-20',
  days: 20,
  accounts: [
    { id: W, balanceCents: 150_000 },
    { id: L, balanceCents: 0 },
  ],
  expected: [],
  nest: null,
  loans: [],
  budget: { accountId: null, months: [], spentThisMonthCents: 0 },
  ...over,
});

describe('forecast: worked examples', () => {
  it('Ana: a paycheck through the Nest, the loan paid on its due date, rent and the rest of the budget', () => {
    // Today Feb 20 (28 days): $1,500 in the Wallet. The Nest takes $400 to Loan payments then 10 % to
    // the fund (outside the forecast); the $3,000 paycheck on the 27th gives the Wallet $2,340.
    // The $350 loan is due on Mar 15 from Loan payments. Rent $1,000 on Mar 1. February's budget:
    // $1,200 planned, $1,000 spent: $200 over the 8 days Feb 21–28 = $25 a day. March: $1,550 planned
    // less the $1,000 rent = $550 over 31 days: 55,000 / 31 = 1,774 r 6: 1,775 cents on the first 6 days, 1,774 after.
    const f = forecast(
      base({
        expected: [
          item({
            kind: 'income',
            name: 'Paycheck',
            date: '2026-02-27',
            amountCents: 300_000,
            throughNest: true,
            category: null,
          }),
          item({ date: '2026-03-01' }),
        ],
        nest: {
          walletAccountId: W,
          rules: [
            { accountId: L, rule: { kind: 'fixed', value: 40_000 } },
            { accountId: null, rule: { kind: 'percent', value: 10 } },
          ],
        },
        loans: [{ name: 'Car loan', paymentCents: 35_000, dueDate: '2026-01-15', dueDay: 15, payAccountId: L }],
        budget: {
          accountId: W,
          months: [
            { month: '2026-02', plannedCents: 120_000 },
            { month: '2026-03', plannedCents: 155_000 },
          ],
          spentThisMonthCents: 100_000,
        },
      }),
    );
    const on = (d: string) => f.days.find((x) => x.date === d);
    expect(on('2026-02-21')?.balances[W]).toBe(147_500);
    expect(on('2026-02-26')?.balances[W]).toBe(150_000 - 6 * 2_500);
    expect(on('2026-02-27')?.balances).toEqual({ [W]: 150_000 - 7 * 2_500 + 234_000, [L]: 40_000 });
    expect(on('2026-02-28')?.balances[W]).toBe(150_000 - 8 * 2_500 + 234_000);
    expect(on('2026-03-01')?.balances[W]).toBe(364_000 - 100_000 - 1_775);
    expect(on('2026-03-12')?.balances[L]).toBe(40_000);
    // Mar 12 is the last day (20 days): the loan's Mar 15 payment is past the window.
    expect(f.days).toHaveLength(20);
    expect(f.days.at(-1)?.date).toBe('2026-03-12');
    expect(on('2026-03-12')?.totalCents).toBe(364_000 - 100_000 - (6 * 1_775 + 6 * 1_774) + 40_000);
    // The lowest before the payday (Feb 27) is the Wallet on the 26th.
    const low = lowestBeforePayday(
      f,
      nextPayday([item({ kind: 'income', date: '2026-02-27', amountCents: 1 })], f.today),
    );
    expect(low.accounts[W]).toEqual({ cents: 135_000, date: '2026-02-26' });
    expect(low.total).toEqual({ cents: 135_000, date: '2026-02-26' });
  });

  it('pays the loan on each due date in the window, and a bill already paid is not counted again', () => {
    const f = forecast(
      base({
        days: 60,
        expected: [item({ date: '2026-03-01', paid: true }), item({ date: '2026-04-01' })],
        loans: [{ name: 'Car loan', paymentCents: 35_000, dueDate: '2026-02-28', dueDay: 31, payAccountId: W }],
      }),
    );
    const events = f.days.flatMap((d) => d.events.map((e) => `${e.date} ${e.kind} ${e.amountCents}`));
    expect(events).toEqual([
      '2026-02-28 loan_payment -35000',
      '2026-03-31 loan_payment -35000',
      '2026-04-01 bill -100000',
    ]);
    expect(f.days.at(-1)?.balances[W]).toBe(150_000 - 70_000 - 100_000);
  });

  it('a transfer moves money between two forecast accounts; an overdue bill lands on the first day', () => {
    const f = forecast(
      base({
        expected: [
          item({ kind: 'transfer', date: '2026-02-25', amountCents: -20_000, toAccountId: L }),
          item({ date: '2026-02-18' }),
        ],
      }),
    );
    expect(f.days[0]?.balances[W]).toBe(50_000);
    expect(f.days[4]?.balances).toEqual({ [W]: 30_000, [L]: 20_000 });
    expect(f.days[4]?.totalCents).toBe(50_000);
  });

  it('the alert rule: an account below its floor on a day of the next 45, one episode until it no longer dips', () => {
    const f = forecast(base({ days: 90, expected: [item({ date: '2026-03-20', amountCents: -160_000 })] }));
    expect(dips(f, () => 0)).toEqual(new Map([[W, { cents: -10_000, date: '2026-03-20' }]]));
    // A floor of $500 finds the same day; past the 45th day nothing is found.
    expect(dips(f, () => 50_000).get(W)?.date).toBe('2026-03-20');
    expect(dips(f, () => 0, 10).size).toBe(0);
    expect(
      episodeChanges(
        new Set(),
        dips(f, () => 0),
      ),
    ).toEqual({ start: [W], end: [] });
    expect(
      episodeChanges(
        new Set([W]),
        dips(f, () => 0),
      ),
    ).toEqual({ start: [], end: [] });
    expect(episodeChanges(new Set([W]), new Map())).toEqual({ start: [], end: [W] });
  });
});

describe('forecast: properties', () => {
  const day = fc.integer({ min: 0, max: 120 }).map((n) => addDays('2026-01-10', n));
  const expectedArb = fc.array(
    fc.record({
      date: day,
      amountCents: fc.integer({ min: -500_000, max: 500_000 }),
      account: fc.constantFrom(W, L, 'elsewhere'),
      paid: fc.boolean(),
    }),
    { maxLength: 30 },
  );

  it('spreadEvenly keeps every cent and its parts differ by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 31 }), (total, n) => {
        const parts = spreadEvenly(total, n);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('the last day is the start plus every unpaid event of a forecast account in the window', () => {
    fc.assert(
      fc.property(expectedArb, fc.integer({ min: 1, max: 90 }), (list, days) => {
        const expected = list.map((e, i) =>
          item({
            seriesId: String(i),
            date: e.date,
            amountCents: e.amountCents,
            accountId: e.account,
            paid: e.paid,
            kind: e.amountCents > 0 ? 'income' : 'bill',
          }),
        );
        const f = forecast(base({ today: '2026-02-01', days, expected }));
        const end = addDays('2026-02-01', days);
        const sum = expected
          .filter((e) => !e.paid && e.accountId !== 'elsewhere' && e.date <= end)
          .reduce((s, e) => s + e.amountCents, 0);
        expect(f.days).toHaveLength(days);
        expect(f.days.at(-1)?.totalCents).toBe(150_000 + sum);
        for (const d of f.days) expect(d.totalCents).toBe((d.balances[W] ?? 0) + (d.balances[L] ?? 0));
      }),
    );
  });

  it('the lowest before payday is never above any balance before it, and is one of them', () => {
    fc.assert(
      fc.property(expectedArb, fc.option(day, { nil: null }), (list, payday) => {
        const f = forecastBalances(
          base({ today: '2026-02-01', days: 60 }),
          list.map((e) => ({
            date: e.date,
            accountId: W,
            amountCents: e.amountCents,
            kind: 'bill' as const,
            label: 'x',
          })),
        );
        const low = lowestBeforePayday(f, payday);
        const before = [
          f.start.totalCents,
          ...f.days.filter((d) => payday === null || d.date < payday).map((d) => d.totalCents),
        ];
        expect(low.total.cents).toBe(Math.min(...before));
      }),
    );
  });

  it('the budget spread never adds money and spends at most what the plan leaves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_500_000 }),
        fc.integer({ min: 0, max: 27 }),
        (planned, spent, offset) => {
          const today = addDays('2026-02-01', offset);
          const f = forecast(
            base({
              today,
              days: 40,
              budget: {
                accountId: W,
                months: [{ month: '2026-02', plannedCents: planned }],
                spentThisMonthCents: spent,
              },
            }),
          );
          const out = f.days.flatMap((d) => d.events).reduce((s, e) => s + e.amountCents, 0);
          expect(out).toBeLessThanOrEqual(0);
          expect(-out + 0).toBe(offset === 27 ? 0 : Math.max(0, planned - spent));
        },
      ),
    );
  });
});
