import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExistingTransaction, formatOf, type ImportRow, markDuplicates } from './import-preview.ts';

const row = (payee: string, amountCents: number, fitid: string | null = null, date = '2026-11-03'): ImportRow => ({
  line: 2,
  date,
  payee,
  amountCents,
  note: null,
  fitid,
});
const existing = (payee: string, amountCents: number, fitid: string | null = null): ExistingTransaction => ({
  date: '2026-11-03',
  payee,
  amountCents,
  fitid,
});

describe('formatOf', () => {
  it('reads OFX by its start whatever the name, else by the extension in any case', () => {
    expect(formatOf('a.CSV', 'Date,Amount')).toBe('csv');
    expect(formatOf('a.qfx', 'x')).toBe('ofx');
    expect(formatOf('a.Ofx', 'x')).toBe('ofx');
    expect(formatOf('export', 'OFXHEADER:100\nDATA:OFXSGML')).toBe('ofx');
    expect(formatOf('export.csv', '<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?><OFX>')).toBe('ofx');
    expect(formatOf('a.csv.pdf', 'Date,Amount')).toBeNull();
    expect(formatOf('a.txt', 'Date,Amount,<OFX>')).toBeNull();
  });
});

describe('markDuplicates', () => {
  it('matches date, amount and payee in any case, one existing transaction per row', () => {
    const rows = [row('Coffee', -575), row('COFFEE', -575), row('Coffee', -575), row('Coffee', -600)];
    expect(markDuplicates(rows, [existing('coffee', -575), existing('Coffee', -575)])).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('a bank id matches its own id, a repeat of it in the file, or a transaction without one', () => {
    const rows = [row('Pay', 100, 'A'), row('Pay', 100, 'A'), row('Pay', 100, 'B'), row('Pay', 100, 'C')];
    expect(markDuplicates(rows, [existing('Other', 5, 'A'), existing('pay', 100)])).toEqual([true, true, true, false]);
    // Two transactions with different bank ids are two, even on the same day for the same amount.
    expect(markDuplicates([row('Pay', 100, 'B')], [existing('Pay', 100, 'A')])).toEqual([false]);
    // A row without a bank id matches one imported with one (a CSV after the OFX of the same account).
    expect(markDuplicates([row('Pay', 100)], [existing('Pay', 100, 'A')])).toEqual([true]);
  });

  it('never marks more rows of a key than there are transactions of it (fitid-less rows)', () => {
    const key = fc.record({ payee: fc.constantFrom('A', 'a', 'B'), cents: fc.constantFrom(-1, 1, 2) });
    fc.assert(
      fc.property(fc.array(key, { maxLength: 30 }), fc.array(key, { maxLength: 30 }), (file, wallet) => {
        const rows = file.map((k) => row(k.payee, k.cents));
        const marks = markDuplicates(
          rows,
          wallet.map((k) => existing(k.payee, k.cents)),
        );
        const count = (list: { payee: string; cents: number }[], k: { payee: string; cents: number }) =>
          list.filter((x) => x.payee.toLowerCase() === k.payee.toLowerCase() && x.cents === k.cents).length;
        for (const k of file) {
          const marked = file.filter((x, i) => marks[i] && count([x], k) === 1).length;
          expect(marked).toBe(Math.min(count(file, k), count(wallet, k)));
        }
      }),
    );
  });
});
