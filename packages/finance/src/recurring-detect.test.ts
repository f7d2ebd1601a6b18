import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.ts';
import { occurrences } from './recurring.ts';
import { findSeries, type HistoryRow, type MatchableSeries, matchPayment, payeeKey } from './recurring-detect.ts';

let n = 0;
const row = (
  date: string,
  amountCents: number,
  payee: string,
  accountId = 'chk',
  category: string | null = null,
): HistoryRow => ({
  id: `r${++n}`,
  accountId,
  date,
  amountCents,
  payee,
  category,
});

/** Three months of a realistic checking account. */
function history(): HistoryRow[] {
  return [
    // Rent on the 1st, once a day late (a weekend).
    row('2026-08-01', -180_000, 'Oakwood Apartments', 'chk', 'Rent'),
    row('2026-09-01', -180_000, 'Oakwood Apartments', 'chk', 'Rent'),
    row('2026-10-02', -180_000, 'Oakwood Apartments', 'chk', 'Rent'),
    row('2026-11-01', -180_000, 'Oakwood Apartments', 'chk', 'Rent'),
    // A streaming service on the 14th going from $15.49 to $17.99, bank descriptions as the card prints them.
    row('2026-08-14', -1_549, 'NETFLIX.COM 866-579-7172 CA', 'chk', 'Entertainment'),
    row('2026-09-14', -1_549, 'NETFLIX.COM 866-579-7172 CA', 'chk', 'Entertainment'),
    row('2026-10-14', -1_799, 'NETFLIX.COM 866-579-7172 CA', 'chk', 'Entertainment'),
    row('2026-11-14', -1_799, 'NETFLIX.COM 866-579-7172 CA', 'chk', 'Entertainment'),
    // A paycheck every two weeks, a little different each time.
    ...[0, 1, 2, 3, 4, 5, 6].map((i) =>
      row(addDays('2026-08-07', 14 * i), 210_000 + (i % 3) * 1_250, 'ACME CORP PAYROLL'),
    ),
    // Noise: groceries at irregular intervals and amounts, a coffee shop nearly every day, one-offs.
    row('2026-08-03', -8_412, 'TRADER JOE S #552 SAN FRANCISCO CA'),
    row('2026-08-19', -12_090, 'TRADER JOE S #552 SAN FRANCISCO CA'),
    row('2026-09-02', -4_133, 'TRADER JOE S #552 SAN FRANCISCO CA'),
    row('2026-10-11', -15_720, 'TRADER JOE S #552 SAN FRANCISCO CA'),
    row('2026-11-05', -6_050, 'TRADER JOE S #552 SAN FRANCISCO CA'),
    ...Array.from({ length: 40 }, (_, i) =>
      row(addDays('2026-09-01', i + (i % 3)), -450 - (i % 4) * 75, 'Blue Bottle Coffee'),
    ),
    row('2026-08-22', -29_999, 'Best Buy'),
    row('2026-10-22', -2_500, 'Best Buy'),
    row('2026-11-02', -120_000, 'Best Buy'),
  ];
}

describe('findSeries', () => {
  const found = findSeries(history(), '2026-11-20');
  const by = (name: string) => found.find((f) => f.name === name);

  it('finds the rent, the streaming service with its price rise and the paycheck, and nothing of the noise', () => {
    expect(found.map((f) => f.name).sort()).toEqual(['Acme Corp Payroll', 'Netflix', 'Oakwood Apartments'].sort());
  });

  it('rent: monthly on the 1st, $1,800 fixed, every payment matched to its due date', () => {
    const rent = by('Oakwood Apartments');
    expect(rent).toMatchObject({
      cadence: { every: 'month', day: 1 },
      amountCents: 180_000,
      amountVaries: false,
      direction: 'out',
      category: 'Rent',
      priceChange: null,
      nextDate: '2026-12-01',
    });
    expect(rent?.occurrences.map((o) => [o.date, o.dueDate])).toEqual([
      ['2026-08-01', '2026-08-01'],
      ['2026-09-01', '2026-09-01'],
      ['2026-10-02', '2026-10-01'],
      ['2026-11-01', '2026-11-01'],
    ]);
  });

  it('the streaming service: $17.99 now, the change from $15.49 seen in the history', () => {
    expect(by('Netflix')).toMatchObject({
      cadence: { every: 'month', day: 14 },
      amountCents: 1_799,
      amountVaries: false,
      priceChange: { date: '2026-10-14', fromCents: 1_549, toCents: 1_799 },
      nextDate: '2026-12-14',
    });
  });

  it('the paycheck: every two weeks from its first date, an amount that varies around its median', () => {
    expect(by('Acme Corp Payroll')).toMatchObject({
      cadence: { every: 'two_weeks' },
      start: '2026-08-07',
      direction: 'in',
      amountCents: 211_250,
      amountVaries: true,
      nextDate: '2026-11-27',
    });
  });

  it('a series that stopped long ago, or seen only twice, is not offered', () => {
    const old = [1, 2, 3, 4].map((m) => row(`2025-0${m}-10`, -999, 'Old Gym'));
    expect(findSeries(old, '2026-11-20')).toEqual([]);
    expect(findSeries(old.slice(0, 2), '2025-03-01')).toEqual([]);
  });

  it('twice a month and on the last day', () => {
    const twice = ['2026-08-15', '2026-08-31', '2026-09-15', '2026-09-30', '2026-10-15', '2026-10-30'].map((d) =>
      row(d, 150_000, 'City Payroll', 'chk'),
    );
    expect(findSeries(twice, '2026-11-01')[0]?.cadence).toEqual({ every: 'twice_month', days: [15, 31] });
    const last = ['2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31'].map((d) => row(d, -5_000, 'Gym'));
    expect(findSeries(last, '2026-11-01')[0]?.cadence).toEqual({ every: 'month', day: 'last' });
  });

  it('yearly', () => {
    const yearly = ['2023-03-05', '2024-03-04', '2025-03-06'].map((d) => row(d, -9_900, 'AMAZON PRIME'));
    expect(findSeries(yearly, '2025-06-01')[0]).toMatchObject({ cadence: { every: 'year' }, amountCents: 9_900 });
  });
});

describe('findSeries (properties)', () => {
  it('a clean monthly series of 3 to 12 payments is always found, whatever the day and the noise of other payees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 100, max: 500_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 100_000 })), { maxLength: 20 }),
        (dom, count, cents, noise) => {
          const dues = occurrences(
            { cadence: { every: 'month', day: dom }, start: '2025-01-01' },
            '2025-01-01',
            '2027-12-31',
          ).slice(0, count);
          const rows = [
            ...dues.map((d) => row(d, -cents, 'City Power')),
            ...noise.map(([o, c], i) => row(addDays('2025-01-01', o), -c, `Shop ${i}`)),
          ];
          const today = addDays(dues.at(-1) as string, 5);
          const found = findSeries(rows, today);
          expect(found.map((f) => f.name)).toEqual(['City Power']);
          expect(found[0]).toMatchObject({ cadence: { every: 'month', day: dom }, amountCents: cents });
        },
      ),
    );
  });
  it('every occurrence found is a row of the history, each used once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 200 }),
            fc.integer({ min: -3_000, max: 3_000 }),
            fc.integer({ min: 0, max: 2 }),
          ),
          {
            maxLength: 60,
          },
        ),
        (spec) => {
          const rows = spec.map(([o, c, p]) => row(addDays('2026-01-01', o), c, `Payee ${p}`));
          const ids = new Set(rows.map((r) => r.id));
          for (const f of findSeries(rows, '2026-07-20')) {
            const used = f.occurrences.map((o) => o.id);
            expect(new Set(used).size).toBe(used.length);
            for (const id of used) expect(ids.has(id)).toBe(true);
            expect(used.length).toBeGreaterThanOrEqual(3);
          }
        },
      ),
    );
  });
});

describe('matchPayment', () => {
  const netflix: MatchableSeries = {
    id: 's1',
    accountId: 'chk',
    payeeKey: payeeKey('Netflix'),
    direction: 'out',
    schedule: { cadence: { every: 'month', day: 14 }, start: '2026-08-14' },
    amountCents: 1_549,
    amountVaries: false,
    paid: new Set(['2026-11-14']),
  };
  it('matches the bank row of the next due date, a few days off and at a new price', () => {
    expect(
      matchPayment([netflix], {
        accountId: 'chk',
        date: '2026-12-16',
        amountCents: -1_799,
        payee: 'NETFLIX.COM 866-579-7172 CA',
      }),
    ).toEqual({
      seriesId: 's1',
      dueDate: '2026-12-14',
    });
  });
  it('not another account, another payee, money in, far from a due date, an amount far off, or a due date paid', () => {
    const base = { accountId: 'chk', date: '2026-12-14', amountCents: -1_549, payee: 'Netflix' };
    expect(matchPayment([netflix], { ...base, accountId: 'sav' })).toBeNull();
    expect(matchPayment([netflix], { ...base, payee: 'Hulu' })).toBeNull();
    expect(matchPayment([netflix], { ...base, amountCents: 1_549 })).toBeNull();
    expect(matchPayment([netflix], { ...base, date: '2026-12-25' })).toBeNull();
    expect(matchPayment([netflix], { ...base, amountCents: -5_000 })).toBeNull();
    expect(matchPayment([netflix], { ...base, date: '2026-11-15' })).toBeNull();
  });
});
