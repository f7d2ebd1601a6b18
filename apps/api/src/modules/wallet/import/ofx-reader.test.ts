import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file-error.ts';
import { decodeBankFile } from './decode-bank-file.ts';
import { readOfx, readOfxFile } from './ofx-reader.ts';

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261120</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKTRANLIST>
<DTSTART>20261101<DTEND>20261120
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261103120000.000[-5:EST]
<TRNAMT>-42.17
<FITID>2026110301
<NAME>CORNER GROCERY &amp; DELI
<MEMO>Card 1234
</STMTTRN>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20261115
<TRNAMT>2500.00
<FITID>2026111502
<NAME>ACME PAYROLL
</STMTTRN>
</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
  <STMTTRN>
    <TRNTYPE>DEBIT</TRNTYPE>
    <DTPOSTED>20261104</DTPOSTED>
    <TRNAMT>-9,99</TRNAMT>
    <FITID>X-1</FITID>
    <PAYEE><NAME>Café Olé</NAME><ADDR1>1 Main St</ADDR1></PAYEE>
  </STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('readOfx', () => {
  it('reads an OFX 1.x (SGML) statement: unclosed leaf tags, entities, signed amounts in cents', () => {
    expect(readOfx(SGML)).toEqual([
      {
        fitId: '2026110301',
        date: '2026-11-03',
        amountCents: -4_217,
        payee: 'CORNER GROCERY & DELI',
        memo: 'Card 1234',
        line: 11,
      },
      { fitId: '2026111502', date: '2026-11-15', amountCents: 250_000, payee: 'ACME PAYROLL', memo: null, line: 19 },
    ]);
  });

  it('reads an OFX 2.x (XML) statement with a PAYEE aggregate and a decimal comma', () => {
    expect(readOfx(XML)).toEqual([
      { fitId: 'X-1', date: '2026-11-04', amountCents: -999, payee: 'Café Olé', memo: null, line: 4 },
    ]);
  });

  it('names the line of a transaction without a date or an amount, or with a bad one', () => {
    const broken = (body: string) => `<OFX>\n<STMTTRN>\n${body}\n</STMTTRN>\n</OFX>`;
    expect(() => readOfx(broken('<TRNAMT>-1.00'))).toThrow('Line 2: a transaction has no date (DTPOSTED)');
    expect(() => readOfx(broken('<DTPOSTED>20261101'))).toThrow('Line 2: a transaction has no amount (TRNAMT)');
    expect(() => readOfx(broken('<DTPOSTED>20260231<TRNAMT>1'))).toThrow(
      "Line 2: the date '20260231' is not a real date",
    );
    expect(() => readOfx(broken('<DTPOSTED>20261101<TRNAMT>ten'))).toThrow("the amount 'ten' is not a number");
    expect(() => readOfx('Date,Payee,Amount\n2026-11-01,Shop,-3')).toThrow('it has no <OFX> element');
    expect(() => readOfx('<OFX><STMTTRN')).toThrow('a tag is not closed');
  });

  it('keeps text the database can store: control characters become spaces, long names are cut', () => {
    const [t] = readOfx(
      `<OFX><STMTTRN><DTPOSTED>20261101<TRNAMT>1<NAME>A&#0;B\u0000C${'x'.repeat(300)}</STMTTRN></OFX>`,
    );
    expect(t?.payee.startsWith('A&#0;B C')).toBe(true);
    expect(t?.payee).toHaveLength(200);
  });

  it('writes then reads back any statement (SGML or XML)', () => {
    const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && !/[<&\p{Cc}]/u.test(s));
    const transaction = fc.record({
      fitId: text,
      date: fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      amountCents: fc.integer({ min: -1e11, max: 1e11 }),
      payee: text,
    });
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 8 }), fc.boolean(), (list, xml) => {
        const amount = (c: number) =>
          `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
        const leaf = (tag: string, value: string) => (xml ? `<${tag}>${value}</${tag}>` : `<${tag}>${value}\n`);
        const body = list
          .map((t) =>
            [
              '<STMTTRN>',
              leaf('DTPOSTED', t.date.replaceAll('-', '')),
              leaf('TRNAMT', amount(t.amountCents)),
              leaf('FITID', t.fitId),
              leaf('NAME', t.payee),
              '</STMTTRN>',
            ].join('\n'),
          )
          .join('\n');
        const read = readOfx(`<OFX>\n<BANKTRANLIST>\n${body}\n</BANKTRANLIST>\n</OFX>`);
        expect(read.map(({ fitId, date, amountCents, payee }) => ({ fitId, date, amountCents, payee }))).toEqual(list);
      }),
    );
  });

  it('on any input, answers transactions or a BankFileError, never another error', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '</',
      '<STMTTRN>',
      '</STMTTRN>',
      '<OFX>',
      '<TRNAMT>',
      '<DTPOSTED>',
      '&#',
      '&amp;',
      '\n',
      '20261101',
      '-1.5',
      ',',
      ' ',
      'A',
    );
    const hostile = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(piece, { maxLength: 80 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        try {
          readOfx(input);
        } catch (error) {
          if (!(error instanceof BankFileError)) throw error;
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads hostile files of megabytes in one pass (a backtracking reader would not finish)', () => {
    // The shapes that hang regex-based OFX parsers: endless unclosed tags, a huge tag, nested '<'.
    const shapes = [
      `<OFX>${'<STMTTRN><DTPOSTED>20261101<TRNAMT>1'.repeat(20_000)}`,
      `<OFX><${'A'.repeat(2_000_000)}`,
      `<OFX>${'<'.repeat(2_000_000)}`,
      `<OFX>${'<NAME>&amp'.repeat(200_000)}`,
    ];
    for (const shape of shapes) {
      try {
        readOfx(shape);
      } catch (error) {
        expect(error).toBeInstanceOf(BankFileError);
      }
    }
  });
});

describe('readOfxFile: what real banks write', () => {
  const one = (body: string) => `<OFX><BANKTRANLIST>\n<STMTTRN>${body}</STMTTRN>\n</BANKTRANLIST></OFX>`;

  it('reads payees and memos inside <![CDATA[…]]> as written, entities and all', () => {
    const [t] = readOfx(
      one(
        '<DTPOSTED>20131215<TRNAMT>-16.85<NAME><![CDATA[EFTPOS WDL ALDI  ]]></NAME>\n<MEMO><![CDATA[A &amp; <B>\n]]></MEMO>',
      ),
    );
    expect(t).toMatchObject({ payee: 'EFTPOS WDL ALDI', memo: 'A &amp; <B>', amountCents: -1_685 });
  });

  it('counts the lines of a CDATA section, so later lines are named right', () => {
    const text = `<OFX>\n<STMTTRN><DTPOSTED>20261101<TRNAMT>1<NAME><![CDATA[a\nb\nc]]></STMTTRN>\n<STMTTRN>\n</OFX>`;
    expect(() => readOfx(text)).toThrow('Line 5: a transaction has no date (DTPOSTED)');
  });

  it('names a payee after NAME and MEMO by the check number, then by the transaction type', () => {
    const payees = readOfx(
      [
        '<OFX>',
        '<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20051004<TRNAMT>-200,00<CHECKNUM>0001000</STMTTRN>',
        '<STMTTRN><TRNTYPE>ATM<DTPOSTED>20051020<TRNAMT>-300,00</STMTTRN>',
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20051020<TRNAMT>-3</STMTTRN>',
        '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20051020<TRNAMT>3<MEMO>Refund</STMTTRN>',
        '<STMTTRN><TRNTYPE>ODDTYPE<DTPOSTED>20051020<TRNAMT>3</STMTTRN>',
        '</OFX>',
      ].join('\n'),
    ).map((t) => t.payee);
    expect(payees).toEqual(['Check 1000', 'ATM', 'Debit', 'Refund', 'Oddtype']);
  });

  it('rounds amounts past the cents half-even, and says which lines', () => {
    const amounts = ['+00000000000115.8331', '-00000000000197.1063', '0.125', '0.135', '-0.125', '-0.0051', '1.5'];
    const file = readOfxFile(
      `<OFX>\n${amounts.map((a) => `<STMTTRN><DTPOSTED>20120720<TRNAMT>${a}</STMTTRN>`).join('\n')}\n</OFX>`,
    );
    expect(file.statements[0]?.transactions.map((t) => t.amountCents)).toEqual([11_583, -19_711, 12, 14, -12, -1, 150]);
    expect(file.roundedLines).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('reads decimal commas, both marks, and amounts padded with spaces, in one file', () => {
    const amounts = ['           -222,22', '-11.11  ', '24783,31', '1.234,56', '1,234.56', '-10', '-646.5'];
    const read = readOfx(
      `<OFX>${amounts.map((a) => `<STMTTRN><DTPOSTED>20131107<TRNAMT>${a}\n<MEMO>x</STMTTRN>`).join('')}</OFX>`,
    );
    expect(read.map((t) => t.amountCents)).toEqual([-22_222, -1_111, 2_478_331, 123_456, 123_456, -1_000, -64_650]);
  });

  it('takes the day as written whatever the time zone ([-5:EST], [-03:EST], [+9.5:ACST])', () => {
    const dates = [
      '20090401000000.000[-5:EST]',
      '20131209100000[-03:EST]',
      '20261231235959.999[+9.5:ACST]',
      '20261101',
    ];
    const read = readOfx(
      `<OFX>${dates.map((d) => `<STMTTRN><DTPOSTED>${d}<TRNAMT>1<NAME>x</STMTTRN>`).join('')}</OFX>`,
    );
    expect(read.map((t) => t.date)).toEqual(['2009-04-01', '2013-12-09', '2026-12-31', '2026-11-01']);
  });

  it("returns each statement's account with its own transactions (bank, card and investment statements)", () => {
    const file = readOfxFile(`<OFX>
<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>USA<ACCTID>1111<ACCTTYPE>SAVINGS</BANKACCTFROM>
<BANKTRANLIST><STMTTRN><DTPOSTED>20190228<TRNAMT>0.21<NAME>Dividend
<BANKACCTTO><BANKID>OTHER<ACCTID>9999<ACCTTYPE>CHECKING</BANKACCTTO></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>
<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>USA<ACCTID>5555<ACCTTYPE>CREDITLINE</BANKACCTFROM>
<BANKTRANLIST><STMTTRN><DTPOSTED>20190301<TRNAMT>-37.05<NAME>Loan payment</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>
</BANKMSGSRSV1><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>CAD<CCACCTFROM><ACCTID>4111</CCACCTFROM>
<BANKTRANLIST></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`);
    expect(file.statements.map((s) => ({ ...s.account, count: s.transactions.length }))).toEqual([
      { bankId: 'USA', accountId: '1111', type: 'SAVINGS', currency: 'USD', count: 1 },
      { bankId: 'USA', accountId: '5555', type: 'CREDITLINE', currency: 'USD', count: 1 },
      { bankId: null, accountId: '4111', type: 'CREDITCARD', currency: 'CAD', count: 0 },
    ]);
    expect(file.statements[1]?.transactions[0]).toMatchObject({ payee: 'Loan payment', amountCents: -3_705 });
  });

  it("reads an investment statement's cash transactions and counts the trades and positions it leaves", () => {
    const file = readOfxFile(`<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD
<INVACCTFROM><BROKERID>fidelity.com<ACCTID>X0000001</INVACCTFROM>
<INVTRANLIST>
<BUYSTOCK><INVBUY><INVTRAN><FITID>1<DTTRADE>20120720</INVTRAN><TOTAL>-100</INVBUY><BUYTYPE>BUY</BUYSTOCK>
<SELLMF><INVSELL><INVTRAN><FITID>2<DTTRADE>20120720</INVTRAN><TOTAL>100</INVSELL></SELLMF>
<INCOME><INVTRAN><FITID>3<DTTRADE>20120720</INVTRAN><TOTAL>5</INCOME>
<INVBANKTRAN><STMTTRN><TRNTYPE>CHECK<DTPOSTED>20120720<TRNAMT>-00000000001500.0000<FITID>X1<NAME>Check Paid #1001
</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>
</INVTRANLIST>
<INVPOSLIST><POSSTOCK><INVPOS><UNITS>10</INVPOS></POSSTOCK><POSMF><INVPOS><UNITS>1</INVPOS></POSMF></INVPOSLIST>
</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`);
    expect(file.statements).toEqual([
      {
        account: { bankId: 'fidelity.com', accountId: 'X0000001', type: 'INVESTMENT', currency: 'USD' },
        transactions: [
          {
            fitId: 'X1',
            date: '2012-07-20',
            amountCents: -150_000,
            payee: 'Check Paid #1001',
            memo: null,
            line: 7,
          },
        ],
      },
    ]);
    expect(file).toMatchObject({ trades: 2, investmentTransactions: 1, positions: 2, roundedLines: [] });
  });
});

describe('decodeBankFile', () => {
  it('reads UTF-8 (without its BOM), falls back to windows-1252, and refuses binary files', () => {
    expect(decodeBankFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0x61, 0x66, 0xc3, 0xa9]))).toBe('Café');
    expect(decodeBankFile(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('Café €');
    expect(() => decodeBankFile(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00]))).toThrow(BankFileError);
    expect(() => decodeBankFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48, 0, 1]))).toThrow(
      'This file is not a text file',
    );
  });

  const utf16 = (text: string, littleEndian: boolean, mark: boolean) => {
    const bytes = Buffer.from(`${mark ? '\ufeff' : ''}${text}`, 'utf16le');
    if (!littleEndian) bytes.swap16();
    return new Uint8Array(bytes);
  };

  it('reads UTF-16 LE and BE by their mark, and without one by where the NUL bytes are', () => {
    const text = 'Datum;Betrag\r\n02.03.2018;-17,22 €';
    for (const littleEndian of [true, false]) {
      expect(decodeBankFile(utf16(text, littleEndian, true))).toBe(text);
      expect(decodeBankFile(utf16(text, littleEndian, false))).toBe(text);
    }
  });

  it('reads a single-byte file in the charset its OFX header or XML declaration names', () => {
    const latin = (head: string, body: string) => new Uint8Array(Buffer.from(`${head}${body}`, 'latin1'));
    const ofx = 'OFXHEADER:100\nDATA:OFXSGML\nENCODING:USASCII\nCHARSET:ISO-8859-1\n\n<OFX><NAME>';
    expect(decodeBankFile(latin(ofx, 'Carte prépayée'))).toContain('Carte prépayée');
    // windows-1252 and windows-1250 differ at 0x8A (Š in both) and 0xE8 (è and č).
    const cz = new Uint8Array([...Buffer.from('<?xml version="1.0" encoding="windows-1250"?><Nm>'), 0xe8, 0x8a]);
    expect(decodeBankFile(cz)).toContain('<Nm>čŠ');
    const code = latin('OFXHEADER:100\nCHARSET:1252\n\n<OFX><NAME>', 'Caf\u00e9 ');
    expect(decodeBankFile(new Uint8Array([...code, 0x80]))).toContain('Café €');
    // Valid UTF-8 is read as UTF-8 whatever the header says.
    expect(decodeBankFile(new Uint8Array(Buffer.from('CHARSET:1252\n<OFX><NAME>Café')))).toContain('Café');
    // A fallback for files that name nothing (the CSV reader's choice).
    expect(decodeBankFile(new Uint8Array([0x8a, 0xe8]), 'windows-1250')).toBe('Šč');
  });
});
