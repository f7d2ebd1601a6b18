import { describe, expect, it } from 'vitest';
import { daysApart, matchRows } from './matching.ts';

describe('matchRows', () => {
  it('pairs equal amounts within the days allowed, the nearest first', () => {
    const rows = [{ date: '2026-11-03', amountCents: 250_000 }];
    const candidates = [
      { id: 'far', date: '2026-11-01', amountCents: 250_000 },
      { id: 'near', date: '2026-11-04', amountCents: 250_000 },
      { id: 'other', date: '2026-11-03', amountCents: 250_001 },
    ];
    expect(matchRows(rows, candidates, 3)).toEqual(new Map([[0, 'near']]));
  });

  it('leaves a row whose record is more than the days allowed away', () => {
    expect(
      matchRows([{ date: '2026-11-10', amountCents: 5 }], [{ id: 'a', date: '2026-11-06', amountCents: 5 }], 3),
    ).toEqual(new Map());
    expect(
      matchRows([{ date: '2026-11-09', amountCents: 5 }], [{ id: 'a', date: '2026-11-06', amountCents: 5 }], 3),
    ).toEqual(new Map([[0, 'a']]));
  });

  it('pairs each row and each record once', () => {
    const rows = [
      { date: '2026-11-01', amountCents: 100 },
      { date: '2026-11-02', amountCents: 100 },
      { date: '2026-11-15', amountCents: 100 },
    ];
    const candidates = [
      { id: 'a', date: '2026-11-02', amountCents: 100 },
      { id: 'b', date: '2026-11-01', amountCents: 100 },
    ];
    // Row 1 and a are 0 days apart, row 0 and b too; row 2 is near neither.
    expect(matchRows(rows, candidates, 3)).toEqual(
      new Map([
        [0, 'b'],
        [1, 'a'],
      ]),
    );
    expect(matchRows(rows, [{ id: 'a', date: '2026-11-02', amountCents: 100 }], 3)).toEqual(new Map([[1, 'a']]));
  });

  it('counts days across months and years', () => {
    expect(daysApart('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysApart('2026-03-01', '2026-02-27')).toBe(2);
  });
});
