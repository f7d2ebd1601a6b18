/**
 * Bank files of `rows` transactions in each format Helo reads, for the import bench: card payments,
 * refunds and paychecks over a few years, newest first, as a bank would write them.
 */

export const BANK_FILE_FORMATS = ['csv', 'ofx', 'qif', 'camt'] as const;
export type BenchFormat = (typeof BANK_FILE_FORMATS)[number];

const PAYEES = [
  "Trader Joe's",
  'Shell Oil 5731',
  'Blue Bottle Coffee',
  'Amazon Marketplace',
  'Con Edison',
  'Uber Trip',
];

interface BenchRow {
  /** YYYY-MM-DD */
  date: string;
  payee: string;
  cents: number;
  memo: string;
  id: string;
}

function benchRows(rows: number): BenchRow[] {
  const start = Date.UTC(2026, 10, 20);
  return Array.from({ length: rows }, (_, i) => {
    const date = new Date(start - Math.floor(i / 14) * 86_400_000).toISOString().slice(0, 10);
    const payroll = i % 97 === 0;
    const payee = payroll ? 'ACME Corp Payroll' : `${PAYEES[i % PAYEES.length]} #${i % 50}`;
    const cents = payroll ? 245_000 : i % 31 === 0 ? 1_000 + (i % 900) : -(100 + ((i * 7919) % 20_000));
    return { date, payee, cents, memo: i % 5 === 0 ? `Ref ${i}` : '', id: `B${String(i).padStart(8, '0')}` };
  });
}

const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** YYYY-MM-DD as a US bank writes it, MM/DD/YYYY. */
const mdy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll("'", '&apos;');

/** The file of `rows` transactions in `format`, with a name of its kind. */
export function bankFile(format: BenchFormat, rows: number): { name: string; text: string } {
  const all = benchRows(rows);
  if (format === 'csv') {
    const lines = ['Date,Description,Amount,Memo'];
    for (const r of all) lines.push(`${mdy(r.date)},"${r.payee}",${decimal(r.cents)},${r.memo}`);
    return { name: 'checking.csv', text: `${lines.join('\n')}\n` };
  }
  if (format === 'qif') {
    const lines = ['!Type:Bank'];
    for (const r of all) {
      lines.push(`D${mdy(r.date)}`, `T${decimal(r.cents)}`, `P${r.payee}`);
      if (r.memo) lines.push(`M${r.memo}`);
      lines.push('^');
    }
    return { name: 'checking.qif', text: `${lines.join('\n')}\n` };
  }
  if (format === 'ofx') {
    const head = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:USASCII',
      'CHARSET:1252',
      'COMPRESSION:NONE',
      'OLDFILEUID:NONE',
      'NEWFILEUID:NONE',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD',
      '<BANKACCTFROM><BANKID>021000021<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>',
      `<BANKTRANLIST><DTSTART>${all.at(-1)?.date.replaceAll('-', '')}<DTEND>${all[0]?.date.replaceAll('-', '')}`,
    ];
    const body = all.map(
      (r) =>
        `<STMTTRN><TRNTYPE>${r.cents < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${r.date.replaceAll('-', '')}120000<TRNAMT>${decimal(r.cents)}<FITID>${r.id}<NAME>${escapeXml(r.payee)}${r.memo ? `<MEMO>${r.memo}` : ''}</STMTTRN>`,
    );
    const tail =
      '</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>20261120</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    return { name: 'checking.ofx', text: `${head.join('\n')}\n${body.join('\n')}\n${tail}\n` };
  }
  const entries = all.map(
    (r) =>
      `<Ntry><Amt Ccy="EUR">${decimal(Math.abs(r.cents))}</Amt><CdtDbtInd>${r.cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${r.date}</Dt></BookgDt><AcctSvcrRef>${r.id}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><${r.cents < 0 ? 'Cdtr' : 'Dbtr'}><Nm>${escapeXml(r.payee)}</Nm></${r.cents < 0 ? 'Cdtr' : 'Dbtr'}></RltdPties>${r.memo ? `<RmtInf><Ustrd>${r.memo}</Ustrd></RmtInf>` : ''}</TxDtls></NtryDtls></Ntry>`,
  );
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-20T12:00:00</CreDtTm></GrpHdr><Stmt><Id>1</Id><Acct><Id><IBAN>DE14740618130000033626</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>
`;
  return { name: 'statement.xml', text };
}
