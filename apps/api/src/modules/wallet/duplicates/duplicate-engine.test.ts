import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidateDays,
  connectionBankId,
  type Held,
  type Incoming,
  judgeRows,
  partnerOf,
  payeeLikeness,
  payeesAlike,
  payeeWords,
  possiblePair,
} from './duplicate-engine.ts';

const held = (id: string, date: string, amountCents: number, payee: string, more: Partial<Held> = {}): Held => ({
  id,
  date,
  amountCents,
  payee,
  bankId: null,
  batchId: 'file-1',
  ...more,
});
const row = (date: string, amountCents: number, payee: string, bankId: string | null = null): Incoming => ({
  date,
  amountCents,
  payee,
  bankId,
});
const never = () => false;

describe('payee likeness', () => {
  it('drops case, punctuation, store numbers and card-terminal prefixes', () => {
    expect(payeeWords('POS PURCHASE STARBUCKS #1234 SEATTLE')).toEqual(['starbucks', 'seattle']);
    expect(payeeWords('CARD PURCHASE 11/03 Café Rouge')).toEqual(['cafe', 'rouge']);
    expect(payeeWords('SQ *BLUE BOTTLE')).toEqual(['blue', 'bottle']);
  });

  it('a bank descriptor is alike what a person typed; other shops are not', () => {
    expect(payeesAlike('SQ *BLUE BOTTLE COFFEE #12 SAN FRANCISCO', 'Blue Bottle')).toBe(true);
    expect(payeesAlike('POS 4411 STARBUCKS STORE 00123', 'starbucks')).toBe(true);
    expect(payeesAlike('BLUEBOTTLE', 'Blue Bottle')).toBe(true);
    expect(payeesAlike('Trader Joes', 'TRADER JOE S #552')).toBe(true);
    expect(payeesAlike('Whole Foods Market', 'Shell Oil 5521')).toBe(false);
    expect(payeesAlike('Netflix', 'Spotify')).toBe(false);
    expect(payeeLikeness('12345', '12345')).toBe(1);
    expect(payeeLikeness('12345', 'Starbucks')).toBe(0);
  });
});

describe('judgeRows', () => {
  it("a file's copy of what a bank connection synced is flagged: the bank names one transaction by two ids", () => {
    const synced = held('c1', '2026-11-03', -1250, 'SQ *BLUE BOTTLE COFFEE', {
      bankId: connectionBankId('simplefin', 'TRN-1'),
      batchId: 'sync-1',
    });
    // The same shop the next day in the bank's OFX, under its FITID: a possible duplicate, not a new row.
    expect(judgeRows([row('2026-11-04', -1250, 'Blue Bottle Coffee', 'FITID-77')], [synced])).toEqual([
      { kind: 'possible', id: 'c1' },
    ]);
    // The very row (same day, amount and payee) of the connection is that row.
    expect(judgeRows([row('2026-11-03', -1250, 'SQ *BLUE BOTTLE COFFEE', 'FITID-77')], [synced])).toEqual([
      { kind: 'same', id: 'c1' },
    ]);
    // Two ids of one connection are two transactions, as two FITIDs are.
    const other = row('2026-11-03', -1250, 'SQ *BLUE BOTTLE COFFEE', connectionBankId('simplefin', 'TRN-2'));
    expect(judgeRows([other], [synced])).toEqual([{ kind: 'new' }]);
    expect(possiblePair(synced, held('c2', '2026-11-03', -1250, 'Blue Bottle', { bankId: 'FITID-9' }))).toBe(true);
  });

  it('the same bank id in the account is the same transaction; twice in the file, the second is left out', () => {
    const verdicts = judgeRows(
      [
        row('2026-11-03', -500, 'Parking', 'A1'),
        row('2026-11-04', -300, 'Parking', 'A2'),
        row('2026-11-04', -300, 'Parking', 'A2'),
      ],
      [held('t1', '2026-11-01', -999, 'Something else', { bankId: 'A1' })],
    );
    expect(verdicts).toEqual([{ kind: 'same', id: 't1' }, { kind: 'new' }, { kind: 'same', id: null }]);
  });

  it('the very row of an earlier file is that row; each held row answers for one', () => {
    const verdicts = judgeRows(
      [row('2026-11-03', -575, 'Blue Bottle Coffee'), row('2026-11-03', -575, 'Blue Bottle Coffee')],
      [held('t1', '2026-11-03', -575, 'blue bottle coffee')],
    );
    // The second coffee is alike the first's held row, which answered already: new.
    expect(verdicts).toEqual([{ kind: 'same', id: 't1' }, { kind: 'new' }]);
  });

  it('a file again with dates a day later: possible duplicates, not left out', () => {
    const verdicts = judgeRows(
      [row('2026-11-04', -575, 'Blue Bottle Coffee'), row('2026-11-06', -4200, 'Whole Foods')],
      [held('t1', '2026-11-03', -575, 'Blue Bottle Coffee'), held('t2', '2026-11-05', -4200, 'WHOLE FOODS MARKET #10')],
    );
    expect(verdicts).toEqual([
      { kind: 'possible', id: 't1' },
      { kind: 'possible', id: 't2' },
    ]);
  });

  it('a hand entry and its imported copy are flagged, even on the very day (never left out)', () => {
    const hand = held('h', '2026-11-03', -1250, 'Lunch at Chipotle', { batchId: null });
    expect(judgeRows([row('2026-11-03', -1250, 'CHIPOTLE 0912', 'F9')], [hand])).toEqual([
      { kind: 'possible', id: 'h' },
    ]);
    expect(judgeRows([row('2026-11-03', -1250, 'Lunch at Chipotle')], [hand])).toEqual([{ kind: 'possible', id: 'h' }]);
  });

  it('never a match across amounts, more than 3 days, unlike payees or two bank ids', () => {
    const h = [held('t1', '2026-11-03', -575, 'Blue Bottle', { bankId: 'X' })];
    expect(judgeRows([row('2026-11-03', -576, 'Blue Bottle')], h)).toEqual([{ kind: 'new' }]);
    expect(judgeRows([row('2026-11-07', -575, 'Blue Bottle')], h)).toEqual([{ kind: 'new' }]);
    expect(judgeRows([row('2026-11-06', -575, 'Blue Bottle')], h)).toEqual([{ kind: 'possible', id: 't1' }]);
    expect(judgeRows([row('2026-11-03', -575, 'Peets')], h)).toEqual([{ kind: 'new' }]);
    expect(judgeRows([row('2026-11-03', -575, 'Blue Bottle', 'Y')], h)).toEqual([{ kind: 'new' }]);
  });

  it('picks the most alike payee, then the nearest day; a linked row is recognised but never a candidate', () => {
    const h = [
      held('far', '2026-11-01', -900, 'Shell Oil'),
      held('near', '2026-11-02', -900, 'Shell Oil'),
      held('link', '2026-11-03', -900, 'Shell Oil', { mergeable: false }),
    ];
    expect(judgeRows([row('2026-11-03', -900, 'SHELL OIL 123')], h)).toEqual([{ kind: 'possible', id: 'near' }]);
  });
});

describe('possiblePair (the list)', () => {
  it('two rows of one file, or two hand entries, are never a pair', () => {
    const a = held('a', '2026-11-03', -575, 'Coffee');
    expect(possiblePair(a, held('b', '2026-11-03', -575, 'Coffee'))).toBe(false);
    expect(possiblePair({ ...a, batchId: null }, held('b', '2026-11-03', -575, 'Coffee', { batchId: null }))).toBe(
      false,
    );
    expect(possiblePair(a, held('b', '2026-11-04', -575, 'Coffee', { batchId: null }))).toBe(true);
    expect(possiblePair(a, held('b', '2026-11-04', -575, 'Coffee', { batchId: 'file-2' }))).toBe(true);
    // A bank's row posted outside any file (a pending one of a connection) is no hand entry.
    const pending = held('p', '2026-11-04', -575, 'Coffee', { batchId: null, bankId: 'P1' });
    expect(possiblePair(pending, held('h', '2026-11-03', -575, 'Coffee', { batchId: null }))).toBe(true);
  });

  it('a dismissed pair is no longer flagged', () => {
    const a = held('a', '2026-11-03', -575, 'Coffee');
    const b = held('b', '2026-11-04', -575, 'Coffee', { batchId: null });
    expect(partnerOf(a, [b], never)?.id).toBe('b');
    expect(partnerOf(a, [b], () => true)).toBeUndefined();
  });
});

const day = fc.integer({ min: 0, max: 60 }).map((n) => {
  const d = new Date(Date.UTC(2026, 9, 1 + n));
  return d.toISOString().slice(0, 10);
});
const payee = fc.constantFrom('Blue Bottle', 'Whole Foods', 'Shell Oil', 'Netflix', 'Amazon', 'Lyft');
const incoming = fc.record({
  date: day,
  amountCents: fc.integer({ min: -5000, max: 5000 }).filter((n) => n !== 0),
  payee,
  bankId: fc.option(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { nil: null }),
});
const heldOnes = fc
  .array(
    fc.record({
      date: day,
      amountCents: fc.integer({ min: -5000, max: 5000 }).filter((n) => n !== 0),
      payee,
      bankId: fc.option(fc.constantFrom('A', 'B', 'G', 'H'), { nil: null }),
      batchId: fc.option(fc.constantFrom('f1', 'f2'), { nil: null }),
    }),
    { maxLength: 12 },
  )
  .map((list) => list.map((h, i) => ({ ...h, id: `h${i}` })));

describe('properties', () => {
  it('against an empty account only a bank id repeated in the file is left out: identical rows are all kept', () => {
    fc.assert(
      fc.property(fc.array(incoming, { maxLength: 20 }), (rows) => {
        const verdicts = judgeRows(rows, []);
        const seen = new Set<string>();
        rows.forEach((r, i) => {
          const repeated = r.bankId !== null && seen.has(r.bankId);
          if (r.bankId !== null) seen.add(r.bankId);
          expect(verdicts[i]).toEqual(repeated ? { kind: 'same', id: null } : { kind: 'new' });
        });
      }),
    );
  });

  it('every match has the same amount and a day within 3; each held transaction answers for one row at most (bar bank ids)', () => {
    fc.assert(
      fc.property(fc.array(incoming, { maxLength: 20 }), heldOnes, (rows, existing) => {
        const verdicts = judgeRows(rows, existing);
        const byId = new Map(existing.map((h) => [h.id, h]));
        const answered = new Map<string, number>();
        verdicts.forEach((v, i) => {
          const r = rows[i] as Incoming;
          if (v.kind === 'possible') {
            const h = byId.get(v.id) as Held;
            expect(h.amountCents).toBe(r.amountCents);
            expect(candidateDays(r.date)).toContain(h.date);
            expect(payeesAlike(h.payee, r.payee)).toBe(true);
            answered.set(v.id, (answered.get(v.id) ?? 0) + 1);
          }
          if (v.kind === 'same' && v.id !== null && r.bankId === null) {
            answered.set(v.id, (answered.get(v.id) ?? 0) + 1);
          }
          if (v.kind === 'same' && v.id !== null && r.bankId !== null) {
            expect(byId.get(v.id)?.bankId).toBe(r.bankId);
          }
        });
        for (const n of answered.values()) expect(n).toBe(1);
      }),
    );
  });

  it('the verdicts do not depend on the order the held transactions come in (but for which candidate)', () => {
    fc.assert(
      fc.property(fc.array(incoming, { maxLength: 10 }), heldOnes, (rows, existing) => {
        const kinds = (list: Held[]) => judgeRows(rows, list).map((v) => v.kind);
        expect(kinds([...existing].reverse())).toEqual(kinds(existing));
      }),
    );
  });

  it('possiblePair is symmetric and likeness is too', () => {
    fc.assert(
      fc.property(heldOnes, (existing) => {
        for (const a of existing) {
          for (const b of existing) {
            expect(possiblePair(a, b)).toBe(possiblePair(b, a));
            expect(payeeLikeness(a.payee, b.payee)).toBe(payeeLikeness(b.payee, a.payee));
          }
        }
      }),
    );
  });
});
