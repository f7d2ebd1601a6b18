import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file-error.ts';
import { guessMapping } from './csv-mapping-guess.ts';
import { csvTransactions, readCsvTable } from './csv-reader.ts';

const read = (text: string) => {
  const table = readCsvTable(text);
  const mapping = guessMapping(table);
  return { mapping, ...csvTransactions(table, mapping) };
};
const rowsOf = (text: string) => read(text).transactions;

describe('bank CSV files', () => {
  it('a US export with a header: date, description, one signed amount', () => {
    const { mapping, transactions } = read(
      'Date,Description,Amount,Balance\n11/03/2026,"CORNER GROCERY, DELI",-42.17,1000.00\n11/15/2026,ACME PAYROLL,"2,500.00",3500.00\n',
    );
    expect(mapping).toMatchObject({ header: true, date: 0, payee: 1, amount: 2, dateOrder: 'mdy', decimal: '.' });
    expect(transactions).toEqual([
      { date: '2026-11-03', amountCents: -4_217, payee: 'CORNER GROCERY, DELI', memo: null, category: null, line: 2 },
      { date: '2026-11-15', amountCents: 250_000, payee: 'ACME PAYROLL', memo: null, category: null, line: 3 },
    ]);
  });

  it("reads the bank's own category column apart from the memo, guessed by its name in several languages", () => {
    const { mapping, transactions } = read(
      'Date,Description,Category,Amount,Memo\n11/03/2026,TRADER JOE S #552,Groceries,-42.17,card 1234\n11/04/2026,SHELL OIL,,-30.00,\n',
    );
    expect(mapping).toMatchObject({ payee: 1, category: 2, amount: 3, memo: 4 });
    expect(transactions.map((t) => [t.payee, t.category, t.memo])).toEqual([
      ['TRADER JOE S #552', 'Groceries', 'card 1234'],
      ['SHELL OIL', null, null],
    ]);
    expect(read('Buchungstag;Empfänger;Kategorie;Betrag\n03.11.2026;Rewe;Lebensmittel;-12,50\n').mapping.category).toBe(
      2,
    );
    expect(read('Date,Payee,Amount\n11/03/2026,Shop,-1\n').mapping.category).toBeNull();
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
    expect(csvTransactions(table, guessed).transactions[0]?.date).toBe('2026-01-02');
    expect(csvTransactions(table, { ...guessed, dateOrder: 'dmy' }).transactions[0]?.date).toBe('2026-02-01');
  });

  it('names the line of a row that does not fit, counting quoted line breaks and blank lines, and reads the rest', () => {
    const text = 'Date,Payee,Amount\n11/03/2026,"Two\nlines",-1\n\n11/31/2026,Shop,-2\n11/04/2026,Shop,-3\n';
    expect(read(text).problems).toEqual([{ line: 5, message: "'11/31/2026' is not a real date" }]);
    expect(read(text).transactions.map((t) => t.line)).toEqual([2, 6]);
    expect(read('Date,Payee,Amount\n11/03/2026,Shop,lots\n').problems).toEqual([
      { line: 2, message: "the amount 'lots' is not a number" },
    ]);
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

  it('skips a preamble before the header, guessed from the first row naming a date and an amount', () => {
    const text =
      'Account details for:,FRANK\nAvailable Balance,"6,666.66"\n\nTransaction date,Description,Withdrawals (SGD),Deposits (SGD)\n18/04/2018,DEBIT PURCHASE,6.66,\n,UBER EATS,,\n17/04/2018,SALARY,,100.00\n';
    const { mapping, transactions, problems } = read(text);
    expect(mapping).toMatchObject({
      skipLines: 3,
      header: true,
      date: 0,
      payee: 1,
      debit: 2,
      credit: 3,
      dateOrder: 'dmy',
    });
    expect(problems).toEqual([]);
    // The row without a date or an amount continues the one above it.
    expect(transactions.map((t) => [t.date, t.amountCents, t.payee, t.memo])).toEqual([
      ['2018-04-18', -666, 'DEBIT PURCHASE', 'UBER EATS'],
      ['2018-04-17', 10_000, 'SALARY', null],
    ]);
  });

  it('leaves out pending rows and a footer, and says which lines', () => {
    const text =
      'Date,Description,Amount\nPending,Cafe,-3.00\n12-Dec-2019,Shop,-1.50\n27 Feb 2018,Pay,20\nTotal,,18.50\n';
    const { transactions, problems, pendingLines, footerLines } = read(text);
    expect(transactions.map((t) => t.date)).toEqual(['2019-12-12', '2018-02-27']);
    expect([problems, pendingLines, footerLines]).toEqual([[], [2], [5]]);
  });

  it('reads month names in English, German, Dutch, French and Spanish, and dotted dates day first', () => {
    const dates = ['03-Mär-2019', '3 mei 2019', '3 déc. 2019', '3-dic-19', 'Jan 3, 2019', '03.04.2019'];
    const text = `Datum;Name;Betrag\n${dates.map((d) => `${d};X;-1,00`).join('\n')}\n`;
    expect(rowsOf(text).map((t) => t.date)).toEqual([
      '2019-03-03',
      '2019-05-03',
      '2019-12-03',
      '2019-12-03',
      '2019-01-03',
      '2019-04-03',
    ]);
  });

  it('infers the date order from all the rows, not the first ones', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `0${(i % 9) + 1}/0${(i % 9) + 1}/2022,Shop,-1`);
    const text = `Date,Payee,Amount\n${rows.join('\n')}\n31/12/2022,Shop,-1\n`;
    expect(read(text).mapping.dateOrder).toBe('dmy');
  });

  it('takes the sign from a column of words, and flips a card statement whose payments alone are marked', () => {
    const mint =
      'Date,Description,Amount,Transaction Type\r6/12/15,Transfer,"1,000.00",debit\r6/13/15,Pay,"2,000.00",credit\r';
    expect(read(mint).mapping).toMatchObject({ sign: 3, flipSign: false, dateOrder: 'mdy' });
    expect(rowsOf(mint).map((t) => [t.line, t.date, t.amountCents])).toEqual([
      [2, '2015-06-12', -100_000],
      [3, '2015-06-13', 200_000],
    ]);
    const card = 'Date Processed,Description,Amount,\n12-Dec-2019,SHOP,£18.89,\n02-Dec-2019,PAYMENT,"+ £1,100.00",CR\n';
    expect(read(card).mapping).toMatchObject({ sign: 3, flipSign: true });
    expect(rowsOf(card).map((t) => t.amountCents)).toEqual([-1_889, 110_000]);
  });

  it('never guesses a second date, an IBAN or a card number as the payee', () => {
    const text =
      '2020-03-07;2020-03-08;DE27100110000000000000;**** 1234;Compte courant;-3.00\n2020-03-08;2020-03-09;DE27100110000000000001;**** 1234;Boulangerie;-2.00\n';
    expect(read(text).mapping).toMatchObject({ header: false, date: 0, payee: 4, amount: 5 });
  });

  it('reads CR CR LF line ends and a record that lost its opening quote', () => {
    const text =
      '"IBAN","Datum","Bedrag","Naam tegenpartij"\r\r\n"NL77","2018-03-01","-337,49","RENTE"\r\r\nNL77","2018-03-14","+50,00","Loterij"\r\r\n';
    const { transactions, problems } = read(text);
    expect(problems).toEqual([]);
    expect(transactions.map((t) => [t.line, t.amountCents, t.payee])).toEqual([
      [2, -33_749, 'RENTE'],
      [3, 5_000, 'Loterij'],
    ]);
  });
});
