import { describe, expect, it } from 'vitest';
import {
  beforeFundMessage,
  blankEntry,
  type EntryValues,
  entryBodyOf,
  entryForm,
  entryFormFrom,
} from './entry-values.ts';

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

describe("the fund's entry form (entryFormFrom)", () => {
  const fundForm = entryFormFrom('2026-03-05');
  const dated = (date: string): EntryValues => ({ kind: 'deposit', amount: '5', date, note: '' });
  const fundProblems = (values: EntryValues) => {
    const result = fundForm.safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('refuses a day before the fund was set up, in the words the server uses, before anything is sent', () => {
    expect(fundProblems(dated('2026-03-04'))).toEqual({
      date: 'Date can not be before Mar 5, 2026, the day you set up the fund',
    });
    expect(fundProblems(dated('2025-12-31')).date).toBe(beforeFundMessage('2026-03-05'));
  });

  it('takes the day it was set up and later ones; a goal (entryForm) takes any day', () => {
    expect(fundProblems(dated('2026-03-05'))).toEqual({});
    expect(fundProblems(dated('2026-03-06'))).toEqual({});
    expect(entryForm.safeParse(dated('2026-03-04')).success).toBe(true);
  });

  it('says only the contract’s message for a date that is no date', () => {
    expect(fundProblems(dated(''))).toEqual({ date: 'Date is required' });
  });
});
