import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceHistory } from './balance-history.ts';

describe('balanceHistory', () => {
  it('carries each account’s last balance forward and adds the accounts up per day', () => {
    const k401 = [
      { date: '2026-01-10', balanceCents: 1_000_000 },
      { date: '2026-03-01', balanceCents: 1_100_000 },
    ];
    // Given out of order: the history sorts by day.
    const ira = [
      { date: '2026-02-15', balanceCents: 250_000 },
      { date: '2026-01-20', balanceCents: 200_000 },
    ];
    expect(balanceHistory([k401, ira])).toEqual([
      { date: '2026-01-10', totalCents: 1_000_000, accountsCents: [1_000_000, null] },
      { date: '2026-01-20', totalCents: 1_200_000, accountsCents: [1_000_000, 200_000] },
      { date: '2026-02-15', totalCents: 1_250_000, accountsCents: [1_000_000, 250_000] },
      { date: '2026-03-01', totalCents: 1_350_000, accountsCents: [1_100_000, 250_000] },
    ]);
  });

  it('is empty without snapshots, and one day with two snapshots of an account keeps the last', () => {
    expect(balanceHistory([])).toEqual([]);
    expect(balanceHistory([[], []])).toEqual([]);
    expect(
      balanceHistory([
        [
          { date: '2026-05-01', balanceCents: 10 },
          { date: '2026-05-01', balanceCents: 20 },
        ],
      ]),
    ).toEqual([{ date: '2026-05-01', totalCents: 20, accountsCents: [20] }]);
  });

  it('the last point’s total is the sum of each account’s latest balance', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-04-${String(d).padStart(2, '0')}`);
    const snapshots = fc.uniqueArray(fc.record({ date: day, balanceCents: fc.integer({ min: 0, max: 1e9 }) }), {
      selector: (s) => s.date,
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.array(snapshots, { maxLength: 4 }), (accounts) => {
        const history = balanceHistory(accounts);
        const latest = accounts.map(
          (s) => [...s].sort((a, b) => a.date.localeCompare(b.date)).at(-1)?.balanceCents ?? 0,
        );
        expect(history.at(-1)?.totalCents ?? 0).toBe(latest.reduce((a, b) => a + b, 0));
        expect(history.map((p) => p.date)).toEqual([...new Set(accounts.flat().map((s) => s.date))].sort());
      }),
    );
  });
});
