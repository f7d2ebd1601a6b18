import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file-error.ts';
import { decodeBankFile } from './decode-bank-file.ts';
import { readOfx } from './ofx-reader.ts';

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
    expect(() => readOfx(broken('<DTPOSTED>20261101<TRNAMT>12.345'))).toThrow('has more than two decimals');
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

describe('decodeBankFile', () => {
  it('reads UTF-8 (without its BOM), falls back to windows-1252, and refuses binary files', () => {
    expect(decodeBankFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x43, 0x61, 0x66, 0xc3, 0xa9]))).toBe('Café');
    expect(decodeBankFile(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('Café €');
    expect(() => decodeBankFile(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00]))).toThrow(BankFileError);
  });
});
