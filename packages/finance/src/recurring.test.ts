import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayParts, daysBetween } from './calendar.ts';
import { type Cadence, nextOccurrence, occurrences, previousOccurrence } from './recurring.ts';

describe('occurrences', () => {
  it('every two weeks counts from the start day', () => {
    expect(occurrences({ cadence: { every: 'two_weeks' }, start: '2026-01-02' }, '2026-01-20', '2026-02-28')).toEqual([
      '2026-01-30',
      '2026-02-13',
      '2026-02-27',
    ]);
  });
  it('monthly on the 31st falls on the last day of shorter months; "last" is the last day', () => {
    expect(
      occurrences({ cadence: { every: 'month', day: 31 }, start: '2026-01-01' }, '2026-01-01', '2026-04-30'),
    ).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(
      occurrences({ cadence: { every: 'month', day: 'last' }, start: '2028-01-15' }, '2028-01-01', '2028-03-01'),
    ).toEqual(['2028-01-31', '2028-02-29']);
  });
  it('twice a month on the 15th and the 30th; the 29th and 31st fall once on 28 February', () => {
    expect(
      occurrences(
        { cadence: { every: 'twice_month', days: [15, 30] }, start: '2026-01-01' },
        '2026-02-01',
        '2026-03-20',
      ),
    ).toEqual(['2026-02-15', '2026-02-28', '2026-03-15']);
    expect(
      occurrences(
        { cadence: { every: 'twice_month', days: [29, 31] }, start: '2026-01-01' },
        '2026-02-01',
        '2026-02-28',
      ),
    ).toEqual(['2026-02-28']);
  });
  it('yearly on 29 February falls on the 28th in other years; nothing before the start or after the end', () => {
    expect(occurrences({ cadence: { every: 'year' }, start: '2028-02-29' }, '2027-01-01', '2030-12-31')).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
    expect(
      occurrences({ cadence: { every: 'week' }, start: '2026-03-02', end: '2026-03-20' }, '2026-01-01', '2026-12-31'),
    ).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
  });
  it('next and previous occurrence', () => {
    const s = { cadence: { every: 'month', day: 1 } as Cadence, start: '2026-01-01' };
    expect(nextOccurrence(s, '2026-03-02')).toBe('2026-04-01');
    expect(nextOccurrence(s, '2026-04-01')).toBe('2026-04-01');
    expect(previousOccurrence(s, '2026-03-31')).toBe('2026-03-01');
    expect(nextOccurrence({ ...s, end: '2026-03-15' }, '2026-03-16')).toBeNull();
  });
});

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));
const cadence: fc.Arbitrary<Cadence> = fc.oneof(
  fc.constant({ every: 'week' as const }),
  fc.constant({ every: 'two_weeks' as const }),
  fc.constant({ every: 'year' as const }),
  fc
    .oneof(fc.integer({ min: 1, max: 31 }), fc.constant('last' as const))
    .map((d) => ({ every: 'month' as const, day: d })),
  fc
    .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }))
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => ({ every: 'twice_month' as const, days: [Math.min(a, b), Math.max(a, b) + 1] as const })),
);

describe('occurrences (properties)', () => {
  it('are sorted, unique, inside the window and the schedule, and each is its own next occurrence', () => {
    fc.assert(
      fc.property(cadence, day, day, fc.integer({ min: 0, max: 400 }), (c, start, from, span) => {
        const to = addDays(from, span);
        const list = occurrences({ cadence: c, start }, from, to);
        for (let i = 0; i < list.length; i++) {
          const d = list[i] as string;
          expect(d >= from && d <= to && d >= start).toBe(true);
          if (i > 0) expect(d > (list[i - 1] as string)).toBe(true);
          expect(nextOccurrence({ cadence: c, start }, d)).toBe(d);
        }
        // A window of a year or more always holds one once the series has started.
        if (from >= start && span >= 366) expect(list.length).toBeGreaterThan(0);
      }),
    );
  });
  it('a window split in two holds the same dates as the whole', () => {
    fc.assert(
      fc.property(
        cadence,
        day,
        day,
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (c, start, from, a, b) => {
          const mid = addDays(from, a);
          const to = addDays(mid, b + 1);
          const s = { cadence: c, start };
          expect([...occurrences(s, from, mid), ...occurrences(s, addDays(mid, 1), to)]).toEqual(
            occurrences(s, from, to),
          );
        },
      ),
    );
  });
  it('weekly dates are exactly 7 days apart; monthly ones keep their day or the month end', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 31 }), (start, n) => {
        const weeks = occurrences({ cadence: { every: 'week' }, start }, start, addDays(start, 100));
        weeks.slice(1).forEach((d, i) => {
          expect(daysBetween(weeks[i] as string, d)).toBe(7);
        });
        for (const d of occurrences({ cadence: { every: 'month', day: n }, start }, start, addDays(start, 400))) {
          const [, , dom] = dayParts(d);
          expect(dom === n || (dom < n && addDays(d, 1).endsWith('-01'))).toBe(true);
        }
      }),
    );
  });
});
