import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOf, daysBetween } from './calendar.ts';
import {
  nextPeriod,
  type PayCadence,
  periodContaining,
  periodPlanned,
  periodsPerYear,
  periodsStartingIn,
  previousPeriod,
  rollForward,
} from './pay-period.ts';

const biweekly: PayCadence = { every: 'two_weeks', payday: '2026-01-02' };
const span = (p: { start: string; end: string }) => [p.start, p.end];

describe('periodContaining: worked examples', () => {
  it('every two weeks from Friday 2 January 2026: January holds three paydays (2, 16, 30)', () => {
    expect(periodsStartingIn(biweekly, '2026-01').map(span)).toEqual([
      ['2026-01-02', '2026-01-15'],
      ['2026-01-16', '2026-01-29'],
      ['2026-01-30', '2026-02-12'],
    ]);
    expect(periodsStartingIn(biweekly, '2026-02').map(span)).toEqual([
      ['2026-02-13', '2026-02-26'],
      ['2026-02-27', '2026-03-12'],
    ]);
    // July is 2026's other three-payday month; a day before the anchor belongs to an earlier period.
    expect(periodsStartingIn(biweekly, '2026-07').map((p) => p.start)).toEqual([
      '2026-07-03',
      '2026-07-17',
      '2026-07-31',
    ]);
    expect(span(periodContaining(biweekly, '2025-12-25'))).toEqual(['2025-12-19', '2026-01-01']);
    expect(periodContaining(biweekly, '2025-12-25').index).toBe(-1);
  });

  it('weekly from a Friday', () => {
    const weekly: PayCadence = { every: 'week', payday: '2026-11-06' };
    expect(span(periodContaining(weekly, '2026-11-27'))).toEqual(['2026-11-27', '2026-12-03']);
    expect(periodsStartingIn(weekly, '2026-10')).toHaveLength(5);
  });

  it('twice a month on the 15th and the 31st: the 31st is February’s 28th', () => {
    const twice: PayCadence = { every: 'twice_month', days: [15, 31] };
    expect(span(periodContaining(twice, '2026-02-10'))).toEqual(['2026-01-31', '2026-02-14']);
    expect(span(periodContaining(twice, '2026-02-20'))).toEqual(['2026-02-15', '2026-02-27']);
    expect(span(periodContaining(twice, '2026-02-28'))).toEqual(['2026-02-28', '2026-03-14']);
    expect(span(periodContaining(twice, '2026-04-30'))).toEqual(['2026-04-30', '2026-05-14']);
  });

  it('monthly: day 1 is the calendar month; the last day moves with the month', () => {
    expect(span(periodContaining({ every: 'month', day: 1 }, '2026-02-10'))).toEqual(['2026-02-01', '2026-02-28']);
    const last: PayCadence = { every: 'month', day: 'last' };
    expect(span(periodContaining(last, '2026-02-28'))).toEqual(['2026-02-28', '2026-03-30']);
    expect(span(periodContaining(last, '2026-03-30'))).toEqual(['2026-02-28', '2026-03-30']);
    expect(span(periodContaining(last, '2026-03-31'))).toEqual(['2026-03-31', '2026-04-29']);
  });
});

describe('periodPlanned: a monthly amount per period', () => {
  it('$600.00 a month every two weeks is 12/26 of it, $276.92 or $276.93, 26 periods making $7,200.00', () => {
    const shares = Array.from({ length: 26 }, (_, k) => periodPlanned(biweekly, k, 60_000));
    expect(new Set(shares)).toEqual(new Set([27_692, 27_693]));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(720_000);
    // January's three periods plan three shares: $830.76 against the month's $600.00.
    expect(periodsStartingIn(biweekly, '2026-01').map((p) => periodPlanned(biweekly, p.index, 60_000))).toEqual([
      27_692, 27_692, 27_692,
    ]);
  });

  it('twice a month halves it, the odd cent to the second; monthly keeps it', () => {
    const twice: PayCadence = { every: 'twice_month', days: [1, 15] };
    expect([periodPlanned(twice, 0, 10_001), periodPlanned(twice, 1, 10_001)]).toEqual([5_000, 5_001]);
    expect(periodPlanned({ every: 'month', day: 1 }, 24_311, 10_001)).toBe(10_001);
  });
});

describe('rollForward', () => {
  it('carries what is left, and what is overspent, only when rollover is on', () => {
    const periods = [
      { plannedCents: 20_000, spentCents: 15_000 },
      { plannedCents: 20_000, spentCents: 30_000 },
      { plannedCents: 20_000, spentCents: 0 },
    ];
    expect(rollForward(periods, true).map((f) => [f.rolledCents, f.leftCents])).toEqual([
      [0, 5_000],
      [5_000, -5_000],
      [-5_000, 15_000],
    ]);
    expect(rollForward(periods, false).map((f) => [f.rolledCents, f.leftCents])).toEqual([
      [0, 5_000],
      [0, -10_000],
      [0, 20_000],
    ]);
  });
});

const anyDay = fc
  .record({
    y: fc.integer({ min: 1950, max: 2150 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => dayOf(y, m, d));
const anyCadence: fc.Arbitrary<PayCadence> = fc.oneof(
  anyDay.map((payday): PayCadence => ({ every: 'week', payday })),
  anyDay.map((payday): PayCadence => ({ every: 'two_weeks', payday })),
  fc
    .integer({ min: 1, max: 27 })
    .chain((a) => fc.integer({ min: a + 1, max: 31 }).map((b): PayCadence => ({ every: 'twice_month', days: [a, b] }))),
  fc
    .oneof(fc.integer({ min: 1, max: 31 }), fc.constant('last' as const))
    .map((day): PayCadence => ({ every: 'month', day })),
);

describe('properties', () => {
  it('periods hold their day, tile the calendar without gap or overlap, and their index counts them', () => {
    fc.assert(
      fc.property(anyCadence, anyDay, (cadence, day) => {
        const p = periodContaining(cadence, day);
        expect(p.start <= day && day <= p.end).toBe(true);
        const next = nextPeriod(cadence, p);
        expect(next.start).toBe(addDays(p.end, 1));
        expect(next.index).toBe(p.index + 1);
        expect(previousPeriod(cadence, next)).toEqual(p);
        expect(periodContaining(cadence, p.start)).toEqual(p);
        expect(periodContaining(cadence, p.end)).toEqual(p);
        if (cadence.every === 'two_weeks') expect(daysBetween(p.start, p.end)).toBe(13);
      }),
    );
  });

  it('every month starts 2 or 3 biweekly periods, 4 or 5 weekly, 2 twice-monthly, 1 monthly', () => {
    fc.assert(
      fc.property(anyCadence, anyDay, (cadence, day) => {
        const n = periodsStartingIn(cadence, day.slice(0, 7)).length;
        const expected = { week: [4, 5], two_weeks: [2, 3], twice_month: [2], month: [1] }[cadence.every];
        expect(expected).toContain(n);
      }),
    );
  });

  it('any year of consecutive periods plans twelve months exactly, each period within a cent of the average', () => {
    fc.assert(
      fc.property(
        anyCadence,
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        (cadence, from, monthly) => {
          const n = periodsPerYear(cadence);
          let total = 0;
          for (let k = from; k < from + n; k++) {
            const share = periodPlanned(cadence, k, monthly);
            expect(Math.abs(share * n - monthly * 12)).toBeLessThanOrEqual(n);
            total += share;
          }
          expect(total).toBe(monthly * 12);
        },
      ),
    );
  });

  it('with rollover the last period leaves everything planned less everything spent; without, its own', () => {
    const period = fc.record({
      plannedCents: fc.integer({ min: 0, max: 10_000_000 }),
      spentCents: fc.integer({ min: -1_000_000, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(period, { minLength: 1, maxLength: 30 }), (periods) => {
        const on = rollForward(periods, true);
        const sum = periods.reduce((s, p) => s + p.plannedCents - p.spentCents, 0);
        expect(on.at(-1)?.leftCents).toBe(sum);
        const off = rollForward(periods, false);
        const last = periods.at(-1);
        expect(off.at(-1)?.leftCents).toBe((last?.plannedCents ?? 0) - (last?.spentCents ?? 0));
      }),
    );
  });
});
