import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file-error.ts';
import { readCamt } from './camt-reader.ts';
import { formatOf, readBankFile } from './import-preview.ts';
import { readQif } from './qif-reader.ts';

const qif = (lines: string[]) => lines.join('\n');

describe('readQif', () => {
  it("reads a bank register: payee, memo, check number, amounts with thousands marks, Quicken's M/D'YY", () => {
    const file = readQif(
      qif([
        '!Type:Bank',
        "D1/23'19",
        'PPayee Name',
        'MNote Text',
        'T-1,500.00',
        'N1001',
        '^',
        "D12/ 5'19",
        'U25.5',
        'PSalary',
        '^',
        "D1/2'20",
        'MNote Only',
        'T-30.00',
        '^',
        "D1/2'20",
        'N1002',
        'T-40.00',
        '^',
        "D1/2'20",
        'T-40.00',
        '^',
      ]),
    );
    expect(
      file.transactions.map(({ date, amountCents, payee, memo, line }) => ({ date, amountCents, payee, memo, line })),
    ).toEqual([
      { date: '2019-01-23', amountCents: -150_000, payee: 'Payee Name', memo: 'Note Text', line: 2 },
      { date: '2019-12-05', amountCents: 2_550, payee: 'Salary', memo: null, line: 8 },
      { date: '2020-01-02', amountCents: -3_000, payee: 'Note Only', memo: 'Note Only', line: 12 },
      { date: '2020-01-02', amountCents: -4_000, payee: 'Check 1002', memo: null, line: 16 },
      { date: '2020-01-02', amountCents: -4_000, payee: 'Withdrawal', memo: null, line: 20 },
    ]);
  });

  it("keeps the bank's category (L) apart from the note; a transfer's [Account] is no category", () => {
    const file = readQif(
      qif([
        '!Type:Bank',
        'D1/3/2020',
        'PWhole Foods',
        'T-52.10',
        'LFood:Groceries',
        '^',
        'D1/4/2020',
        'PTo savings',
        'T-100',
        'L[Savings]',
        '^',
      ]),
    );
    expect(file.transactions.map((t) => [t.payee, t.category, t.memo])).toEqual([
      ['Whole Foods', 'Food:Groceries', null],
      ['To savings', null, null],
    ]);
  });

  it('infers the date order from all the dates: a day past 12 anywhere makes the file day-first', () => {
    const dates = (list: string[]) =>
      readQif(qif(['!Type:CCard', ...list.flatMap((d) => [`D${d}`, 'T-1', 'PShop', '^'])])).transactions.map(
        (t) => t.date,
      );
    expect(dates(['01/02/2019', '25/02/2019'])).toEqual(['2019-02-01', '2019-02-25']);
    expect(dates(['01/02/2019', '02/25/2019'])).toEqual(['2019-01-02', '2019-02-25']);
    // Nothing tells: month first, as Quicken writes; dotted dates are day first.
    expect(dates(['01/02/19'])).toEqual(['2019-01-02']);
    expect(dates(['01.02.2019'])).toEqual(['2019-02-01']);
    expect(dates(['2019-02-01'])).toEqual(['2019-02-01']);
    expect(dates(['1/2/99'])).toEqual(['1999-01-02']);
    expect(() => dates(['13/01/2019', '01/13/2019'])).toThrow('both day first and month first');
  });

  it("keeps a split transaction's total and writes its splits in the note", () => {
    const [t] = readQif(
      qif([
        '!Type:Bank',
        'D11/03/2026',
        'PCorner Store',
        'T-20.00',
        'SGroceries',
        'EMilk',
        '$-12.00',
        'SHousehold',
        '$-8.00',
        '^',
      ]),
    ).transactions;
    expect(t).toMatchObject({ amountCents: -2_000, memo: 'Split: Groceries -12.00 (Milk); Household -8.00' });
  });

  it('leaves out investment registers and account lists, and says how many investment rows', () => {
    const file = readQif(
      qif([
        '!Account',
        'NChecking',
        'TBank',
        '^',
        '!Type:Invst',
        'D1/2/2020',
        'NBuy',
        'T-100',
        '^',
        '!Type:Cash',
        'D1/3/2020',
        'PCoffee',
        'T-3',
        '^',
      ]),
    );
    expect(file.transactions.map((t) => t.payee)).toEqual(['Coffee']);
    expect(file.leftOut).toBe(1);
  });

  it("puts a Quicken export of several accounts (!Account before each register) under each account's name", () => {
    const file = readQif(
      qif([
        '!Option:AutoSwitch',
        '!Account',
        'NChecking',
        'TBank',
        '^',
        'NVisa',
        'TCCard',
        '^',
        '!Clear:AutoSwitch',
        '!Account',
        'NChecking',
        'TBank',
        '^',
        '!Type:Bank',
        'D1/2/2020',
        'PRent',
        'T-900',
        '^',
        '!Account',
        'NVisa',
        'TCCard',
        '^',
        '!Type:CCard',
        'D1/3/2020',
        'PCoffee',
        'T-3',
        '^',
        'D1/4/2020',
        'PBooks',
        'T-12',
        '^',
      ]),
    );
    expect(file.statements.map((s) => [s.account, s.transactions.map((t) => t.payee)])).toEqual([
      [{ bankId: null, accountId: 'Checking', type: 'BANK', currency: null, name: 'Checking' }, ['Rent']],
      [{ bankId: null, accountId: 'Visa', type: 'CCARD', currency: null, name: 'Visa' }, ['Coffee', 'Books']],
    ]);
    const one = qif(['!Account', 'NVisa', 'TCCard', '^', '!Type:CCard', 'D1/3/2020', 'PCoffee', 'T-3', '^']);
    expect(readBankFile('qif', one, undefined).accounts).toMatchObject([{ key: '1', name: 'Visa', count: 1 }]);
  });

  it('names the line of a record without a date or an amount', () => {
    expect(() => readQif('!Type:Bank\nPShop\nT-1\n^')).toThrow('Line 2: a transaction has no date (D)');
    expect(() => readQif('!Type:Bank\nD1/2/2020\nPShop\n^')).toThrow('Line 2: a transaction has no amount (T)');
    expect(() => readQif('!Type:Bank\nD2/30/2020\nT-1\n^')).toThrow("the date '2/30/2020' is not a real date");
  });

  it('on any input, answers transactions or a BankFileError, never another error', () => {
    const piece = fc.constantFrom(
      '!Type:Bank\n',
      'D1/2/2020\n',
      "D1/2'20\n",
      'T-1.5\n',
      'PShop\n',
      '^\n',
      'S\n',
      '$1\n',
      'x',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
        ),
        (input) => {
          try {
            readQif(input);
          } catch (error) {
            if (!(error instanceof BankFileError)) throw error;
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

const camt = (entries: string, version = '053.001.08') => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${version}">
<BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>DE14740618130000033626</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BICFI>GENODEF1PFK</BICFI></FinInstnId></Svcr></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;

describe('readCamt', () => {
  it('reads entries: the sign from CdtDbtInd, the booking day, the counterparty by direction, the bank ref', () => {
    const file = readCamt(
      camt(`<Ntry><NtryRef>R1</NtryRef><Amt Ccy="EUR">1,234.5</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><DtTm>2024-03-12T10:00:00+01:00</DtTm></BookgDt><ValDt><Dt>2024-03-11</Dt></ValDt>
<NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Me</Nm></Pty></Dbtr><Cdtr><Pty><Nm>Stadtwerke &amp; Co</Nm></Pty></Cdtr></RltdPties>
<RmtInf><Ustrd>Rechnung 42</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><AcctSvcrRef>A2</AcctSvcrRef><Amt Ccy="EUR">80</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<ValDt><Dt>2024-03-13</Dt></ValDt><AddtlNtryInf>Gutschrift</AddtlNtryInf></Ntry>
<Ntry><Amt Ccy="EUR">5</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts><BookgDt><Dt>2024-03-14</Dt></BookgDt></Ntry>`),
    );
    expect(file.statements).toEqual([
      {
        account: { bankId: 'GENODEF1PFK', accountId: 'DE14740618130000033626', type: null, currency: 'EUR' },
        transactions: [
          {
            fitId: 'R1',
            date: '2024-03-12',
            amountCents: -123_450,
            payee: 'Stadtwerke & Co',
            memo: 'Rechnung 42',
            line: 5,
          },
          { fitId: 'A2', date: '2024-03-13', amountCents: 8_000, payee: 'Gutschrift', memo: null, line: 9 },
        ],
      },
    ]);
    expect(file.notBooked).toBe(1);
  });

  it('splits a batch entry into its transactions when their amounts add up to it', () => {
    const detail = (amount: string, name: string) =>
      `<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Nm>${name}</Nm></Dbtr></RltdPties></TxDtls>`;
    const entry = (total: string) =>
      `<Ntry><AcctSvcrRef>B</AcctSvcrRef><Amt>${total}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2014-01-03</Dt></BookgDt>
<NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>${detail('2.25', 'A')}${detail('1.20', 'B')}</NtryDtls></Ntry>`;
    const split = readCamt(camt(entry('3.45'), '053.001.04')).statements[0]?.transactions;
    expect(split?.map((t) => [t.fitId, t.amountCents, t.payee])).toEqual([
      ['B/1', 225, 'A'],
      ['B/2', 120, 'B'],
    ]);
    // Details that do not add up: the entry is one transaction.
    const whole = readCamt(camt(entry('9.99'))).statements[0]?.transactions;
    expect(whole?.map((t) => [t.fitId, t.amountCents])).toEqual([['B', 999]]);
  });

  it('reads camt.052 reports and camt.054 notifications too', () => {
    const entry =
      '<Ntry><Amt>1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt><AddtlNtryInf>Fee</AddtlNtryInf></Ntry>';
    const report = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt><Rpt><Acct><Id><Othr><Id>123</Id></Othr></Id></Acct>${entry}</Rpt></BkToCstmrAcctRpt></Document>`;
    const notice = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><Ntfctn>${entry}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(readCamt(report).statements[0]?.account.accountId).toBe('123');
    expect(readCamt(notice).statements[0]?.transactions[0]).toMatchObject({ amountCents: -100, payee: 'Fee' });
  });

  it('refuses a DOCTYPE (no entity is ever expanded), broken XML with its line, and entries without a sign', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${camt('')}`;
    expect(() => readCamt(laughs)).toThrow('declares a DOCTYPE');
    expect(() => readCamt(camt('<Ntry><Amt>1</Amt>\n</Stmt>'))).toThrow(/^Line \d+: the XML is broken/);
    expect(() =>
      readCamt(camt('<Ntry><Amt>1</Amt><CdtDbtInd>X</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt></Ntry>')),
    ).toThrow('neither a credit nor a debit');
    expect(() => readCamt('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"></Document>')).toThrow(
      'it has no Stmt',
    );
    // An entity reference the document did not get to declare stays as written.
    const [t] =
      readCamt(
        camt(
          '<Ntry><Amt>1</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt><AddtlNtryInf>&ext;</AddtlNtryInf></Ntry>',
        ),
      ).statements[0]?.transactions ?? [];
    expect(t?.payee).toBe('&ext;');
  });
});

describe('readCamt on any input', () => {
  it('answers statements or a BankFileError, never another error', () => {
    const piece = fc.constantFrom(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
      '</Document>',
      '<BkToCstmrStmt>',
      '<Stmt>',
      '</Stmt>',
      '<Ntry>',
      '</Ntry>',
      '<Amt>1.5</Amt>',
      '<Amt>x</Amt>',
      '<CdtDbtInd>DBIT</CdtDbtInd>',
      '<BookgDt><Dt>2024-01-01</Dt></BookgDt>',
      '<Dt>2024-02-30</Dt>',
      '<NtryDtls><TxDtls>',
      '</TxDtls></NtryDtls>',
      '&amp;',
      '&#0;',
      '<',
      '>',
      'A',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
        ),
        (input) => {
          try {
            readCamt(input);
          } catch (error) {
            if (!(error instanceof BankFileError)) throw error;
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('refuses XML nested past what a statement needs, as a BankFileError', () => {
    const deep = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}</Document>`;
    expect(() => readCamt(deep)).toThrow(BankFileError);
  });

  it('refuses a file of more accounts than can be chosen', () => {
    const statement = (i: number) =>
      `<Stmt><Acct><Id><IBAN>DE${i}</IBAN></Id></Acct><Ntry><Amt>1</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt><AddtlNtryInf>x</AddtlNtryInf></Ntry></Stmt>`;
    const many = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>${Array.from({ length: 51 }, (_, i) => statement(i)).join('')}</BkToCstmrStmt></Document>`;
    expect(() => readBankFile('camt', many, undefined)).toThrow('the file holds more than 50 accounts');
  });
});

describe('formatOf and readBankFile for QIF and CAMT', () => {
  it('knows QIF by its header or extension and CAMT by its namespace, whatever the name', () => {
    expect(formatOf('export.txt', '!Type:Bank\nD1/2/2020')).toBe('qif');
    expect(formatOf('a.QIF', 'D1/2/2020')).toBe('qif');
    expect(formatOf('statement.xml', camt(''))).toBe('camt');
    expect(formatOf('statement.xml', '<?xml version="1.0"?><Document xmlns="urn:other"/>')).toBeNull();
  });

  it("gives each row its file account, says what it rounded, and names an investment statement's trades", () => {
    const ofx = `<OFX><INVSTMTRS><INVACCTFROM><BROKERID>b<ACCTID>1</INVACCTFROM><INVTRANLIST>
<BUYSTOCK></BUYSTOCK><BUYMF></BUYMF><INCOME></INCOME>
<INVBANKTRAN><STMTTRN><DTPOSTED>20120720<TRNAMT>-1.005<NAME>Cash</STMTTRN></INVBANKTRAN></INVTRANLIST>
<INVPOSLIST><POSSTOCK></POSSTOCK></INVPOSLIST></INVSTMTRS></OFX>`;
    const read = readBankFile('ofx', ofx, undefined);
    expect(read).toMatchObject({
      roundedLines: [3],
      leftOut:
        '2 trades, 1 other investment transaction and 1 position are not imported: Helo imports the cash transactions',
      accounts: [{ key: '1', bankId: 'b', accountId: '1', type: 'INVESTMENT', count: 1 }],
    });
    expect(read.rows[0]).toMatchObject({ amountCents: -100, account: 0 });
    expect(() =>
      readBankFile('ofx', '<OFX><INVSTMTRS><INVPOSLIST><POSMF></POSMF></INVPOSLIST></INVSTMTRS></OFX>', undefined),
    ).toThrow('This is an investment statement of trades and positions only');
  });
});
