import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysApart } from './matching.ts';
import { findTransfers, type TransferRow } from './transfer-match.ts';

const row = (id: string, accountId: string, date: string, amountCents: number): TransferRow => ({
  id,
  accountId,
  date,
  amountCents,
});

describe('findTransfers', () => {
  it('pairs checking −$500 with savings +$500 two days later', () => {
    const rows = [
      row('c1', 'checking', '2026-11-02', -50_000),
      row('s1', 'savings', '2026-11-04', 50_000),
      row('c2', 'checking', '2026-11-03', -1_299),
    ];
    expect(findTransfers(rows)).toEqual([{ outId: 'c1', inId: 's1' }]);
  });

  it('pairs a credit-card payment: checking −$812.40, the card +$812.40', () => {
    const rows = [row('pay', 'checking', '2026-11-10', -81_240), row('card', 'visa', '2026-11-11', 81_240)];
    expect(findTransfers(rows)).toEqual([{ outId: 'pay', inId: 'card' }]);
  });

  it('leaves the same account, unequal amounts and more than three days apart', () => {
    expect(findTransfers([row('a', 'x', '2026-11-01', -100), row('b', 'x', '2026-11-01', 100)])).toEqual([]);
    expect(findTransfers([row('a', 'x', '2026-11-01', -100), row('b', 'y', '2026-11-01', 101)])).toEqual([]);
    expect(findTransfers([row('a', 'x', '2026-11-01', -100), row('b', 'y', '2026-11-05', 100)])).toEqual([]);
    expect(findTransfers([row('a', 'x', '2026-11-01', -100), row('b', 'y', '2026-11-04', 100)])).toEqual([
      { outId: 'a', inId: 'b' },
    ]);
  });

  it('takes the nearest date first, each row once', () => {
    const rows = [
      row('out', 'checking', '2026-11-05', -20_000),
      row('far', 'savings', '2026-11-02', 20_000),
      row('near', 'savings', '2026-11-06', 20_000),
    ];
    expect(findTransfers(rows)).toEqual([{ outId: 'out', inId: 'near' }]);
  });

  it('breaks a tie by the earlier money-out row, then ids', () => {
    const rows = [
      row('b-out', 'checking', '2026-11-05', -100),
      row('a-out', 'checking', '2026-11-05', -100),
      row('in', 'savings', '2026-11-05', 100),
    ];
    expect(findTransfers(rows)).toEqual([{ outId: 'a-out', inId: 'in' }]);
  });

  it('only pairs a fresh row when told which are fresh', () => {
    const rows = [
      row('old-out', 'checking', '2026-11-01', -100),
      row('old-in', 'savings', '2026-11-01', 100),
      row('new-in', 'savings', '2026-11-02', 100),
    ];
    expect(findTransfers(rows, { fresh: new Set(['new-in']) })).toEqual([{ outId: 'old-out', inId: 'new-in' }]);
    expect(findTransfers(rows, { fresh: new Set() })).toEqual([]);
  });

  const rowsArb = fc
    .array(
      fc.record({
        accountId: fc.constantFrom('a', 'b', 'c'),
        day: fc.integer({ min: 1, max: 20 }),
        amountCents: fc.constantFrom(-300, -200, -100, 100, 200, 300, 0),
      }),
      { maxLength: 25 },
    )
    .map((list) =>
      list.map((r, i) => row(`r${i}`, r.accountId, `2026-11-${String(r.day).padStart(2, '0')}`, r.amountCents)),
    );

  it('property: every pair is two accounts, opposite amounts, within 3 days; each row at most once', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const byId = new Map(rows.map((r) => [r.id, r]));
        const seen = new Set<string>();
        for (const p of findTransfers(rows)) {
          const out = byId.get(p.outId);
          const into = byId.get(p.inId);
          if (!out || !into) return false;
          if (out.accountId === into.accountId || out.amountCents >= 0 || out.amountCents !== -into.amountCents) {
            return false;
          }
          if (daysApart(out.date, into.date) > 3 || seen.has(out.id) || seen.has(into.id)) return false;
          seen.add(out.id);
          seen.add(into.id);
        }
        return true;
      }),
    );
  });

  it('property: the answer does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer(), (rows, seed) => {
        const shuffled = [...rows].sort((a, b) => ((a.id.length * seed) % 7) - ((b.id.length * seed) % 7) || 0);
        const key = (ps: { outId: string; inId: string }[]) =>
          ps
            .map((p) => `${p.outId}>${p.inId}`)
            .sort()
            .join(',');
        return key(findTransfers(shuffled)) === key(findTransfers([...rows].reverse()));
      }),
    );
  });

  it('property: no pair is left that could still be made (the greedy match is maximal)', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const taken = new Set(findTransfers(rows).flatMap((p) => [p.outId, p.inId]));
        const left = rows.filter((r) => !taken.has(r.id));
        return findTransfers(left).length === 0;
      }),
    );
  });
});
