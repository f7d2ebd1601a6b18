import type { CsvMappingBody } from '@helo/contract/wallet';
import { describe, expect, it } from 'vitest';
import {
  columnChoices,
  type MappingValues,
  mappingBodyOf,
  mappingProblems,
  mappingValuesOf,
} from './mapping-values.ts';

const signed: CsvMappingBody = {
  header: true,
  date: 0,
  payee: 1,
  amount: 2,
  debit: null,
  credit: null,
  memo: 3,
  date_order: 'mdy',
  decimal: '.',
  skip_lines: 0,
  sign: null,
  flip_sign: false,
  category: null,
};
const split: CsvMappingBody = {
  ...signed,
  amount: null,
  debit: 2,
  credit: 3,
  memo: null,
  date_order: 'dmy',
  decimal: ',',
};

describe('the mapping form and the body', () => {
  it.each([
    ['a signed amount column', signed],
    ['debit and credit columns', split],
    ['a debit column only', { ...split, credit: null }],
    ['a credit column only', { ...split, debit: null }],
    ['no header and no memo', { ...signed, header: false, memo: null }],
    ['lines skipped, a sign column, flipped', { ...signed, skip_lines: 5, sign: 4, flip_sign: true }],
    ["the bank's category column", { ...signed, category: 4 }],
  ])('gives back the mapping it was filled from: %s', (_label, mapping) => {
    expect(mappingBodyOf(mappingValuesOf(mapping))).toEqual(mapping);
  });

  it('fills the selects with column indexes as text, and none as the empty choice', () => {
    expect(mappingValuesOf(split)).toEqual({
      header: true,
      date: '0',
      payee: '1',
      amountKind: 'split',
      amount: '',
      debit: '2',
      credit: '3',
      memo: '',
      category: '',
      sign: '',
      flip_sign: false,
      skip_lines: '0',
      date_order: 'dmy',
      decimal: ',',
    });
  });

  it('sends only the amount columns of the kind chosen: switching to one column drops debit and credit', () => {
    const values: MappingValues = { ...mappingValuesOf(split), amountKind: 'signed', amount: '4' };
    expect(mappingBodyOf(values)).toMatchObject({ amount: 4, debit: null, credit: null });
    const back: MappingValues = { ...mappingValuesOf(signed), amountKind: 'split', debit: '2', credit: '' };
    expect(mappingBodyOf(back)).toMatchObject({ amount: null, debit: 2, credit: null });
  });

  it('names each missing column, and sends nothing while one is missing', () => {
    const values: MappingValues = { ...mappingValuesOf(signed), date: '', payee: '', amount: '' };
    expect(mappingProblems(values)).toEqual({
      date: 'Choose the date column',
      payee: 'Choose the payee column',
      amount: 'Choose the amount column',
    });
    expect(mappingBodyOf(values)).toBeNull();
    const noMoney: MappingValues = { ...mappingValuesOf(split), debit: '', credit: '' };
    expect(mappingProblems(noMoney)).toEqual({ debit: 'Choose a money out or a money in column' });
    expect(mappingBodyOf(noMoney)).toBeNull();
  });

  it('refuses one column read as two things, at the later field', () => {
    expect(mappingProblems({ ...mappingValuesOf(signed), payee: '0' })).toEqual({
      payee: 'This column is already the date column',
    });
    expect(mappingProblems({ ...mappingValuesOf(signed), memo: '2' })).toEqual({
      memo: 'This column is already the amount column',
    });
    expect(mappingProblems({ ...mappingValuesOf(split), credit: '2' })).toEqual({
      debit: 'This column is already the money out column',
    });
    // A column of the kind not chosen does not count.
    expect(mappingProblems({ ...mappingValuesOf(signed), debit: '0', credit: '1' })).toEqual({});
    expect(mappingBodyOf({ ...mappingValuesOf(signed), memo: '1' })).toBeNull();
  });
});

describe('columnChoices', () => {
  it('names the columns by the header row, or by a first value without one, and numbers them from 1', () => {
    expect(columnChoices(['Date', ' Description ', ''], true)).toEqual([
      { value: '0', text: '1. Date' },
      { value: '1', text: '2. Description' },
      { value: '2', text: 'Column 3' },
    ]);
    expect(columnChoices(['11/02/2026', "Trader Joe's"], false).map((c) => c.text)).toEqual([
      '1. e.g. 11/02/2026',
      "2. e.g. Trader Joe's",
    ]);
  });

  it('shortens a long cell', () => {
    const [choice] = columnChoices(['x'.repeat(100)], true);
    expect(choice?.text).toBe(`1. ${'x'.repeat(39)}…`);
  });

  it('asks for a whole number of lines to skip, and a sign column of its own', () => {
    expect(mappingProblems({ ...mappingValuesOf(signed), skip_lines: 'two' })).toEqual({
      skip_lines: 'Enter a whole number of lines, from 0 to 1000',
    });
    expect(mappingProblems({ ...mappingValuesOf(signed), sign: '2' })).toEqual({
      sign: 'This column is already the amount column',
    });
  });
});
