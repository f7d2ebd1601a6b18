import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file-error.ts';
import { csvTransactions, guessMapping, readCsvTable } from './csv-reader.ts';

const read = (text: string) => {
  const table = readCsvTable(text);
  const mapping = guessMapping(table);
  return { mapping, transactions: csvTransactions(table, mapping) };
};

describe('bank CSV files', () => {
  it('a US export with a header: date, description, one signed amount', () => {
    const { mapping, transactions } = read(
      'Date,Description,Amount,Balance\n11/03/2026,"CORNER GROCERY, DELI",-42.17,1000.00\n11/15/2026,ACME PAYROLL,"2,500.00",3500.00\n',
    );
    expect(mapping).toMatchObject({ header: true, date: 0, payee: 1, amount: 2, dateOrder: 'mdy', decimal: '.' });
    expect(transactions).toEqual([
      { date: '2026-11-03', amountCents: -4_217, payee: 'CORNER GROCERY, DELI', memo: null, line: 2 },
      { date: '2026-11-15', amountCents: 250_000, payee: 'ACME PAYROLL', memo: null, line: 3 },
    ]);
  });

  it('a European export: semicolons, day first, decimal commas, debit and credit columns', () => {
    const { mapping, transactions } = read(
      'Datum;Payee;Debit;Credit;Notes\n03.11.2026;Bäckerei;12,50;;Brot\n25.11.2026;Arbeitgeber;;2.500,00;Lohn\n',
    );
    expect(mapping).toMatchObject({ header: true, date: 0, payee: 1, amount: null, debit: 2, credit: 3, memo: 4 });
    expect(mapping).toMatchObject({ dateOrder: 'dmy', decimal: ',' });
    expect(transactions.map((t) => [t.date, t.amountCents, t.payee, t.memo])).toEqual([
      ['2026-11-03', -1_250, 'Bäckerei', 'Brot'],
      ['2026-11-25', 250_000, 'Arbeitgeber', 'Lohn'],
    ]);
  });

  it('without a header, the columns are guessed from the values', () => {
    const { mapping, transactions } = read('2026-11-03\tCoffee\t-3.50\n2026-11-04\tRefund\t10\n');
    expect(mapping).toMatchObject({ header: false, date: 0, payee: 1, amount: 2, dateOrder: 'ymd' });
    expect(transactions.map((t) => t.amountCents)).toEqual([-350, 1_000]);
  });

  it('a changed mapping is followed: the user says the dates are day first', () => {
    const table = readCsvTable('Date,Payee,Amount\n01/02/2026,Shop,-1\n');
    const guessed = guessMapping(table);
    expect(csvTransactions(table, guessed)[0]?.date).toBe('2026-01-02');
    expect(csvTransactions(table, { ...guessed, dateOrder: 'dmy' })[0]?.date).toBe('2026-02-01');
  });

  it('names the line of a row that does not fit, counting quoted line breaks and blank lines', () => {
    const text = 'Date,Payee,Amount\n11/03/2026,"Two\nlines",-1\n\n11/31/2026,Shop,-2\n';
    expect(() => read(text)).toThrow("Line 5: '11/31/2026' is not a real date");
    expect(() => read('Date,Payee,Amount\n11/03/2026,Shop,lots\n')).toThrow(
      "Line 2: the amount 'lots' is not a number",
    );
    expect(() => read('Date,Payee,Amount\n11/03/2026,"Shop,-1\n')).toThrow('a quoted field is not closed');
    expect(() => read('\n\n')).toThrow('The file is empty');
  });

  it('on any input, answers transactions or a BankFileError, never another error', () => {
    const piece = fc.constantFrom(
      ',',
      ';',
      '\t',
      '"',
      '\n',
      '\r\n',
      '11/03/2026',
      '2026-13-01',
      '-1.5',
      '1,5',
      'Date',
      'Amount',
      'x',
      ' ',
    );
    const hostile = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(piece, { maxLength: 60 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        try {
          read(input);
        } catch (error) {
          if (!(error instanceof BankFileError)) throw error;
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
