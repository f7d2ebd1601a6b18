import { describe, expect, it } from 'vitest';
import { blankEntry, type EntryValues, entryBodyOf, entryForm } from './entry-values.ts';

const problems = (values: EntryValues) => {
  const result = entryForm.safeParse(values);
  // The first message of each field, the one the form shows (later ones are overwritten).
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join('.'), i.message]));
};

describe('a deposit or withdrawal in the form', () => {
  it('starts as a deposit dated the day given, with nothing else filled in', () => {
    expect(blankEntry('2026-03-05')).toEqual({ kind: 'deposit', amount: '', date: '2026-03-05', note: '' });
  });

  it('is sent in dollars, the note trimmed, and without a note when it is blank', () => {
    expect(entryBodyOf({ kind: 'withdrawal', amount: '250.5', date: '2026-03-05', note: '  car repair ' })).toEqual({
      kind: 'withdrawal',
      amount: 250.5,
      date: '2026-03-05',
      note: 'car repair',
    });
    expect(entryBodyOf({ kind: 'deposit', amount: '10', date: '2026-03-05', note: '   ' })).not.toHaveProperty('note');
  });

  it("is refused at its fields with the contract's words: no amount, $0, no date", () => {
    expect(problems({ kind: 'deposit', amount: '', date: '', note: '' })).toEqual({
      amount: 'Amount is required',
      date: 'Date is required',
    });
    expect(problems({ kind: 'deposit', amount: '0', date: '2026-03-05', note: '' })).toEqual({
      amount: 'Amount must be more than $0',
    });
  });

  it('refuses a note longer than the server keeps', () => {
    expect(problems({ kind: 'deposit', amount: '5', date: '2026-03-05', note: 'x'.repeat(201) })).toEqual({
      note: 'Note can be at most 200 characters',
    });
  });

  it('refuses an amount typed with a comma where no thousands separator can be (issue 25)', () => {
    expect(problems({ kind: 'deposit', amount: '12,34.5', date: '2026-03-05', note: '' })).toEqual({
      amount: 'Check this amount',
    });
    expect(problems({ kind: 'deposit', amount: '1.2.3', date: '2026-03-05', note: '' })).toEqual({
      amount: 'Check this amount',
    });
  });
});
