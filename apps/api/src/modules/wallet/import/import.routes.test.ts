import { IMPORT_MAX_BYTES } from '@helo/contract/wallet';
import { walletImports } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { walletRequests } from '../wallet-requests.test-helpers.ts';
import { IMPORT_IN_PROGRESS } from './import.service.ts';
import {
  bankFixture,
  fileBody,
  IMPORTS,
  importRequests,
  multipart,
  storedTransactions,
} from './import-requests.test-helpers.ts';

const t = useTestApp();
const api = importRequests(t);
const wallet = walletRequests(t);

/** The user's Wallet transactions as stored, in the order they were read. */
const stored = (userId: string) => storedTransactions(t().database.db, userId);

const importRow = async (id: string) =>
  (await t().database.db.select().from(walletImports).where(eq(walletImports.id, id)))[0];

const fieldError = (res: { json(): { errors?: { path: string; message: string }[] } }) => res.json().errors?.[0];

describe('a CSV bank file', () => {
  it('previews with the guessed columns, commits once as Uncategorized rows, and the same file again adds nothing', async () => {
    const { token, userId } = await api.newUser();
    const res = await api.upload(token, 'checking-november.csv', bankFixture('checking-november.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('15 transactions read');
    const preview = res.json().data;
    expect(preview).toMatchObject({
      file_name: 'checking-november.csv',
      format: 'csv',
      columns: ['Date', 'Description', 'Amount', 'Memo'],
      mapping: {
        header: true,
        date: 0,
        payee: 1,
        amount: 2,
        debit: null,
        credit: null,
        memo: 3,
        date_order: 'mdy',
        decimal: '.',
      },
      total: 15,
      duplicates: 0,
    });
    expect(preview.rows[0]).toEqual({
      line: 2,
      date: '2026-11-02',
      payee: "Trader Joe's",
      amount: -64.18,
      note: 'Groceries',
      bank_category: null,
      duplicate: false,
      possible_duplicate: null,
      nest_deposit: false,
      account_key: null,
    });
    expect(preview.rows.map((r: { payee: string }) => r.payee)).toContain('Target, Store 1042');
    expect(preview.rows.find((r: { payee: string }) => r.payee === 'ACME Corp Payroll').amount).toBe(2450);
    // Nothing is in the Wallet before the commit.
    expect(await stored(userId)).toEqual([]);

    const commit = await api.commit(token, preview.id);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.headers['cache-control']).toBe('no-store');
    expect(commit.json()).toEqual({
      message: '15 transactions imported',
      data: { id: preview.id, inserted: 15, duplicates: 0, nest_deposits: 0, transfers: 0, loan_payments: 0 },
    });
    const rows = await stored(userId);
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.category === 'Uncategorized' && r.importId === preview.id && r.fitid === null)).toBe(
      true,
    );
    // The coffee bought twice that day is two transactions.
    expect(rows.filter((r) => r.payee === 'Blue Bottle Coffee').map((r) => r.amountCents)).toEqual([-575, -575]);
    expect(rows.find((r) => r.payee === 'Amazon Marketplace' && (r.amountCents ?? 0) > 0)?.note).toBe(
      'Refund order 114-2231',
    );
    const committed = await importRow(preview.id);
    expect(committed).toMatchObject({ insertedCount: 15, content: null });
    expect(committed?.committedAt).not.toBeNull();

    const again = await api.commit(token, preview.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This file has been imported already');
    expect((await api.preview(token, preview.id)).statusCode).toBe(409);

    // The same file uploaded again: every row is in the Wallet, the repeated coffee both times.
    const second = await api.upload(token, 'checking-november.csv', bankFixture('checking-november.csv'));
    expect(second.json().data).toMatchObject({ total: 15, duplicates: 15 });
    expect(second.json().message).toBe('15 transactions read, 15 already in your Wallet');
    expect(second.json().data.rows.every((r: { duplicate: boolean }) => r.duplicate)).toBe(true);
    const none = await api.commit(token, second.json().data.id);
    expect(none.json()).toEqual({
      message: '0 transactions imported, 15 duplicates left out',
      data: {
        id: second.json().data.id,
        inserted: 0,
        duplicates: 15,
        nest_deposits: 0,
        transfers: 0,
        loan_payments: 0,
      },
    });
    expect(await stored(userId)).toHaveLength(15);
  });

  it('a coffee typed by hand is flagged against one coffee of the file, never left out; the second is new', async () => {
    const { token, userId } = await api.newUser();
    const hand = await wallet.ok(wallet.add(token, { date: '2026-11-03', payee: 'BLUE BOTTLE COFFEE', amount: -5.75 }));
    const res = await api.upload(token, 'checking-november.csv', bankFixture('checking-november.csv'));
    const coffee = res
      .json()
      .data.rows.filter((r: { payee: string }) => r.payee === 'Blue Bottle Coffee')
      .map((r: { duplicate: boolean; possible_duplicate: { id: string } | null }) => [
        r.duplicate,
        r.possible_duplicate?.id ?? null,
      ]);
    expect(coffee).toEqual([
      [false, hand.id],
      [false, null],
    ]);
    expect(res.json().data).toMatchObject({ duplicates: 0, possible_duplicates: 1 });
    const commit = await api.commit(token, res.json().data.id);
    expect(commit.json().data).toMatchObject({ inserted: 15, duplicates: 0 });
    expect((await stored(userId)).filter((r) => r.payee.toLowerCase() === 'blue bottle coffee')).toHaveLength(3);
  });

  it('reads decimal commas, day-first dates and semicolons', async () => {
    const { token } = await api.newUser();
    const csv =
      'Datum;Omschrijving;Bedrag\n23/10/2026;Albert Heijn;-12,50\n25/10/2026;Salaris;1.850,00\n02/11/2026;NS Reizen;-4,1\n';
    const res = await api.upload(token, 'rabo.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json().data;
    expect(preview.mapping).toMatchObject({ date_order: 'dmy', decimal: ',', date: 0, payee: 1, amount: 2 });
    expect(preview.rows.map((r: { date: string; amount: number }) => [r.date, r.amount])).toEqual([
      ['2026-10-23', -12.5],
      ['2026-10-25', 1850],
      ['2026-11-02', -4.1],
    ]);
  });

  it('reads debit and credit columns: a debit is money out, a credit money in', async () => {
    const { token, userId } = await api.newUser();
    const csv = [
      'Posted Date,Description,Debit,Credit',
      '2026-11-01,Rent,1500.00,',
      '2026-11-02,Refund,,20.00',
      '2026-11-03,Card fee,-2.50,',
    ].join('\r\n');
    const res = await api.upload(token, 'debit-credit.csv', csv);
    const preview = res.json().data;
    expect(preview.mapping).toMatchObject({ amount: null, debit: 2, credit: 3, date_order: 'ymd' });
    expect(preview.rows.map((r: { amount: number }) => r.amount)).toEqual([-1500, 20, -2.5]);
    await api.commit(token, preview.id);
    expect((await stored(userId)).map((r) => r.amountCents)).toEqual([-150000, 2000, -250]);
  });

  it('leaves out $0 rows and says which, and cuts a payee to 100 characters', async () => {
    const { token, userId } = await api.newUser();
    const long = `Very Long Merchant ${'x'.repeat(150)}`;
    const csv = `Date,Description,Amount\n11/01/2026,Card check,0.00\n11/02/2026,${long},-3.00\n11/03/2026,Pending,0\n`;
    const res = await api.upload(token, 'zeros.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('1 transaction read; 2 rows of $0 left out (lines 2, 4)');
    expect(res.json().data.rows[0].payee).toBe(long.slice(0, 100));
    const commit = await api.commit(token, res.json().data.id);
    expect(commit.json().message).toBe('1 transaction imported; 2 rows of $0 left out (lines 2, 4)');
    expect((await stored(userId)).map((r) => r.payee)).toEqual([long.slice(0, 100)]);
  });
});

describe('the mapping of a CSV', () => {
  const headerless = '2026-11-03,Coffee shop,-4.50,Card 1234\n2026-11-04,Bakery,-3.20,Card 5678\n';

  it('reads the file again with the mapping sent, and the commit uses the mapping it is given', async () => {
    const { token, userId } = await api.newUser();
    const res = await api.upload(token, 'plain.csv', headerless);
    const preview = res.json().data;
    expect(preview.columns).toEqual(['2026-11-03', 'Coffee shop', '-4.50', 'Card 1234']);
    expect(preview.mapping).toMatchObject({ header: false, date: 0, payee: 1, amount: 2, date_order: 'ymd' });
    const mapping = { ...preview.mapping, payee: 3, memo: 1 };
    const again = await api.preview(token, preview.id, { mapping });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.mapping).toEqual(mapping);
    expect(again.json().data.rows.map((r: { payee: string; note: string }) => [r.payee, r.note])).toEqual([
      ['Card 1234', 'Coffee shop'],
      ['Card 5678', 'Bakery'],
    ]);
    const commit = await api.commit(token, preview.id, { mapping });
    expect(commit.json().data.inserted).toBe(2);
    expect((await stored(userId)).map((r) => r.payee)).toEqual(['Card 1234', 'Card 5678']);
  });

  it('a mapping that does not fit the file is a 400 naming its field', async () => {
    const { token } = await api.newUser();
    const { id, mapping } = (await api.upload(token, 'plain.csv', headerless)).json().data;
    const cases: [object, string, string][] = [
      [{ amount: 9 }, 'mapping.amount', "Amount column 10 is past the file's 4 columns"],
      [{ amount: null }, 'mapping.amount', 'Choose an amount column, or a debit or credit column'],
      [{ debit: 3 }, 'mapping.amount', 'Choose an amount column or debit and credit columns, not both'],
      [{ payee: 0 }, 'mapping.payee', 'Payee can not be the same column as Date'],
      [{ sign: 2 }, 'mapping.sign', 'Sign can not be the same column as Amount'],
      [{ skip_lines: -1 }, 'mapping.skip_lines', 'Lines to skip cannot be negative'],
    ];
    for (const [change, path, message] of cases) {
      const res = await api.preview(token, id, { mapping: { ...mapping, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldError(res), JSON.stringify(change)).toEqual({ path, message });
      // The commit refuses it the same way, and imports nothing.
      const commit = await api.commit(token, id, { mapping: { ...mapping, ...change } });
      expect(commit.statusCode).toBe(400);
    }
    // Rows the mapping can not read are problems of the preview; the commit refuses them at mapping.
    const cases2: [object, string][] = [
      [{ date: 1, payee: 0 }, "Line 1: 'Coffee shop' is not a date (and 1 more row)"],
      [{ header: true, date_order: 'dmy', date: 3, payee: 1, memo: null }, "Line 2: 'Card 5678' is not a date"],
    ];
    for (const [change, message] of cases2) {
      const res = await api.preview(token, id, { mapping: { ...mapping, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect(res.json().data.problems[0]).toEqual({
        line: Number(/^Line (\d+)/.exec(message)?.[1]),
        message: message.replace(/^Line \d+: /, '').replace(/ \(and.*$/, ''),
      });
      const commit = await api.commit(token, id, { mapping: { ...mapping, ...change } });
      expect(fieldError(commit)).toEqual({
        path: 'mapping',
        message: `${message}. Change the columns, or leave the rows that can not be read out.`,
      });
    }
    const wrongShape = await api.preview(token, id, { mapping: { ...mapping, date_order: 'ydm' } });
    expect(wrongShape.statusCode).toBe(400);
    expect(fieldError(wrongShape)?.path).toBe('mapping.date_order');
    expect((await api.commit(token, id)).json().data.inserted).toBe(2);
  });
});

describe('OFX and QFX statements', () => {
  it('reads an OFX 1.x statement with its bank ids; the same file again is all duplicates by FITID', async () => {
    const { token, userId } = await api.newUser();
    const res = await api.upload(token, 'statement.ofx', bankFixture('statement.ofx'));
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json().data;
    expect(preview).toMatchObject({ format: 'ofx', columns: [], mapping: null, total: 6, duplicates: 0 });
    expect(preview.rows[3]).toMatchObject({ date: '2026-10-13', payee: "Ben & Jerry's", amount: -8.4, note: null });
    expect(preview.rows[0]).toMatchObject({ date: '2026-10-02', payee: 'Safeway #1887', note: 'Groceries' });
    expect((await api.commit(token, preview.id)).json().data).toMatchObject({ inserted: 6, duplicates: 0 });
    expect((await stored(userId)).map((r) => r.fitid).sort()).toEqual([
      '2026100201',
      '2026100502',
      '2026100803',
      '2026101304',
      '2026101705',
      '2026102406',
    ]);
    const again = (await api.upload(token, 'statement.ofx', bankFixture('statement.ofx'))).json().data;
    expect(again).toMatchObject({ total: 6, duplicates: 6 });
    expect((await api.commit(token, again.id)).json().data).toMatchObject({ inserted: 0, duplicates: 6 });
    // The mapping is a CSV's: an OFX file has none to change.
    const third = (await api.upload(token, 'statement.ofx', bankFixture('statement.ofx'))).json().data;
    const mapped = await api.preview(token, third.id, {
      mapping: {
        header: true,
        date: 0,
        payee: 1,
        amount: 2,
        debit: null,
        credit: null,
        memo: null,
        date_order: 'mdy',
        decimal: '.',
      },
    });
    expect(mapped.statusCode).toBe(400);
    expect(fieldError(mapped)?.path).toBe('mapping');
  });

  it('reads a QFX (OFX 2.x XML) statement: a PAYEE aggregate, accents, a card payment in', async () => {
    const { token } = await api.newUser();
    const res = await api.upload(token, 'statement.qfx', bankFixture('statement.qfx'));
    expect(res.statusCode, res.body).toBe(201);
    const rows = res.json().data.rows;
    expect(rows.map((r: { payee: string; amount: number }) => [r.payee, r.amount])).toEqual([
      ['Uber Trip', -23.45],
      ['Delta Air Lines', -129],
      ['Payment - Thank You', 500],
      ['Café Grumpy', -17.8],
    ]);
    expect(rows[1].note).toBe('Seat upgrade');
    expect(res.json().data.format).toBe('ofx');
  });

  it('a bank id is one transaction: the same FITID twice in a file goes in once; a row like a hand entry is flagged', async () => {
    const { token, userId } = await api.newUser();
    await wallet.ok(wallet.add(token, { date: '2026-10-05', payee: 'acme corp payroll', amount: 2450 }));
    const trn = (fitid: string, date: string, amount: string, name: string) =>
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`;
    const ofx = `<OFX><BANKTRANLIST>${[
      trn('A1', '20261005', '2450.00', 'ACME Corp Payroll'),
      trn('A2', '20261006', '-3.00', 'Parking'),
      trn('A2', '20261006', '-3.00', 'Parking'),
      trn('A3', '20261006', '-3.00', 'Parking'),
    ].join('\n')}</BANKTRANLIST></OFX>`;
    const preview = (await api.upload(token, 'bank.ofx', ofx)).json().data;
    expect(preview.rows.map((r: { duplicate: boolean }) => r.duplicate)).toEqual([false, false, true, false]);
    expect(preview.rows[0].possible_duplicate).toMatchObject({ payee: 'acme corp payroll' });
    expect((await api.commit(token, preview.id)).json().data).toMatchObject({ inserted: 3, duplicates: 1 });
    expect((await stored(userId)).map((r) => r.fitid ?? '').sort()).toEqual(['', 'A1', 'A2', 'A3']);
  });
});

describe('files that can not be imported', () => {
  it('refuses a file that is not CSV, OFX, QFX, QIF or CAMT, and other bodies, with a 400 at file', async () => {
    const { token } = await api.newUser();
    const choose = { path: 'file', message: 'Choose a CSV, OFX, QFX, QIF or CAMT.053 (XML) file' };
    for (const res of [
      await api.upload(token, 'statement.pdf', '%PDF-1.7 a statement'),
      await api.upload(token, 'notes.txt', 'Date,Payee,Amount\n2026-11-01,A,-1'),
      await api.upload(token, '', 'Date,Payee,Amount\n2026-11-01,A,-1'),
      await t().app.inject({
        method: 'POST',
        url: IMPORTS,
        headers: { authorization: `Bearer ${token}` },
        payload: { file: 'a.csv' },
      }),
      await api.uploadBody(token, multipart([])),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldError(res)).toEqual(choose);
    }
    const one = { path: 'file', message: 'Send one bank file, in the field file, and nothing else' };
    const csv = 'Date,Payee,Amount\n2026-11-01,A,-1';
    for (const body of [
      multipart([
        { name: 'file', filename: 'a.csv', content: csv },
        { name: 'note', content: 'hello' },
      ]),
      multipart([
        { name: 'note', content: 'hello' },
        { name: 'file', filename: 'a.csv', content: csv },
      ]),
      multipart([{ name: 'upload', filename: 'a.csv', content: csv }]),
      multipart([
        { name: 'file', filename: 'a.csv', content: csv },
        { name: 'file', filename: 'b.csv', content: csv },
      ]),
      multipart(Array.from({ length: 8 }, (_, i) => ({ name: 'file', filename: `${i}.csv`, content: csv }))),
    ]) {
      const res = await api.uploadBody(token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldError(res)).toEqual(one);
    }
    // Bodies that are not whole multipart: no boundary, a part cut off, a boundary never closed.
    const whole = fileBody('a.csv', csv);
    const cut = whole.payload.subarray(0, whole.payload.length - 60);
    for (const [headers, payload] of [
      [{ 'content-type': 'multipart/form-data' }, whole.payload],
      [whole.headers, cut],
      [whole.headers, Buffer.from('--nothing-like-the-boundary\r\n')],
    ] as const) {
      const res = await api.uploadBody(token, { headers: { ...headers }, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldError(res)?.path).toBe('file');
    }
    // A file whose text is OFX is read as OFX whatever it is called.
    const sniffed = await api.upload(token, 'download.txt', bankFixture('statement.ofx'));
    expect(sniffed.statusCode).toBe(201);
    expect(sniffed.json().data.format).toBe('ofx');
  });

  it('a CSV with rows that can not be read is kept, with its problems; the commit names the first', async () => {
    const { token } = await api.newUser();
    const cases: [string, string, { line: number; message: string }[], string][] = [
      [
        'Date,Payee,Amount\n11/01/2026,A,-1.00\n11/02/2026,B,lots\n',
        1,
        [{ line: 3, message: "the amount 'lots' is not a number" }],
        "Line 3: the amount 'lots' is not a number",
      ],
      [
        'Date,Payee,Amount\n11/01/2026,A,-1.00\n13/45/2026,B,-2.00\n',
        1,
        [{ line: 3, message: "'13/45/2026' is not a real date" }],
        "Line 3: '13/45/2026' is not a real date",
      ],
      [
        'Date,Payee,Amount\n11/01/2026,,-1.00\n11/02/2026,B,-2.00\n',
        1,
        [{ line: 2, message: 'the row has no payee or description' }],
        'Line 2: the row has no payee or description',
      ],
      [
        'Date,Payee,Amount\n11/01/2026,A,-20000000000.00\n11/02/2026,B,-2.00\n',
        1,
        [{ line: 2, message: 'the amount is more than $10 billion' }],
        'Line 2: the amount is more than $10 billion',
      ],
      [
        'just some words\nand more words\n',
        0,
        [{ line: 1, message: 'Choose which columns hold the dates and the amounts' }],
        'Line 1: Choose which columns hold the dates and the amounts',
      ],
      ['Date,Payee,Amount\n', 0, [], 'The file has no transactions to import'],
    ].map(([text, total, problems, message]) => [text as string, `${total}`, problems as never, message as string]);
    for (const [text, total, problems, message] of cases) {
      const res = await api.upload(token, 'bad.csv', text);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(201);
      const preview = res.json().data;
      expect([preview.total, preview.problems, preview.problem_count], message).toEqual([
        Number(total),
        problems,
        problems.length,
      ]);
      const commit = await api.commit(token, preview.id);
      const refusal =
        problems.length > 0 ? `${message}. Change the columns, or leave the rows that can not be read out.` : message;
      expect(fieldError(commit), message).toEqual({ path: 'file', message: refusal });
      // Left out, the readable rows go in; with none, there is nothing to import.
      const left = await api.commit(token, preview.id, { skip_problem_rows: true });
      expect(left.statusCode, left.body).toBe(Number(total) > 0 ? 200 : 400);
      // (Each file's readable rows are the first's: after it, they are duplicates.)
      if (Number(total) > 0) expect(left.json().data.inserted + left.json().data.duplicates).toBe(Number(total));
    }
    // Six files, each uploaded and committed twice: longer than one request on a busy machine.
  }, 90_000);

  it('names the line of a file that can not be read at all, and never answers 500', async () => {
    const { token } = await api.newUser();
    const cases: [string, string | Buffer, string][] = [
      ['bad.csv', 'Date,Payee,Amount\n11/01/2026,"A,-1.00\n', 'Line 2: a quoted field is not closed'],
      ['bad.csv', '   \n\n', 'The file is empty'],
      [
        'bad.csv',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48]),
        'This file is not a text file (CSV, OFX, QFX, QIF or CAMT.053)',
      ],
      [
        'bad.ofx',
        '<OFX>\n<STMTTRN>\n<DTPOSTED>20261101\n<NAME>A\n</STMTTRN></OFX>',
        'Line 2: a transaction has no amount (TRNAMT)',
      ],
      [
        'bad.ofx',
        '<OFX>\n\n<STMTTRN><DTPOSTED>22010101<TRNAMT>-1<NAME>A</STMTTRN></OFX>',
        'Line 3: the date 2201-01-01 is not between 1900 and 2199',
      ],
      [
        'bad.ofx',
        'OFXHEADER:100\n\n<BANKTRANLIST></BANKTRANLIST>',
        'This is not an OFX or QFX file: it has no <OFX> element',
      ],
      ['bad.ofx', '<OFX><BANKTRANLIST></BANKTRANLIST></OFX>', 'The file has no transactions'],
    ];
    for (const [name, content, message] of cases) {
      const res = await api.upload(token, name, content);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ path: 'file', message }] });
    }
    const empty = await api.upload(token, 'empty.csv', '');
    expect(fieldError(empty)).toEqual({ path: 'file', message: 'The file is empty' });
  });

  it('refuses a file over 5 MB with a 413 that says so, and takes one of exactly 5 MB', async () => {
    const { token } = await api.newUser();
    const row = '11/02/2026,Corner store,-1.00\n';
    const fill = (bytes: number) => {
      const head = 'Date,Payee,Amount\n';
      const body = row.repeat(Math.floor((bytes - head.length) / row.length));
      return head + body + ' '.repeat(bytes - head.length - body.length);
    };
    const over = await api.upload(token, 'big.csv', fill(IMPORT_MAX_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: 'The file is larger than 5 MB: export a shorter period and import it in parts',
      errors: [
        { path: 'file', message: 'The file is larger than 5 MB: export a shorter period and import it in parts' },
      ],
    });
    const limit = await api.upload(token, 'limit.csv', fill(IMPORT_MAX_BYTES));
    // 174,761 rows: more than a CSV may have, but read, not cut off as too large.
    expect(limit.statusCode).toBe(400);
    expect(fieldError(limit)?.message).toBe('the file has more than 100000 rows');
  });

  it('hostile files are answered quickly', async () => {
    const { token } = await api.newUser();
    const files: [string, string][] = [
      ['quotes.csv', '"'.repeat(1_000_000)],
      ['commas.csv', `${','.repeat(1_000_000)}\n`],
      ['digits.csv', `Date,Payee,Amount\n11/01/2026,A,${'1'.repeat(500_000)}\n`],
      ['tags.ofx', `<OFX>${'<'.repeat(1_000_000)}`],
      ['open.ofx', `<OFX>${'<STMTTRN><TRNAMT>1'.repeat(100_000)}`],
    ];
    for (const [name, content] of files) {
      const started = performance.now();
      const res = await api.upload(token, name, content);
      // A CSV with text is kept with its problems for the user to remap; one of empty cells and an OFX are refused.
      const kept = name === 'quotes.csv' || name === 'digits.csv';
      expect(res.statusCode, `${name} ${res.body.slice(0, 300)}`).toBe(kept ? 201 : 400);
      expect(performance.now() - started, name).toBeLessThan(5_000);
    }
  });
});

describe('who may import', () => {
  it('before the Money Nest is active the upload is a 409 that says to activate', async () => {
    const { token } = await api.newUser(false);
    const res = await api.upload(token, 'checking-november.csv', bankFixture('checking-november.csv'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Activate the Money Nest first');
    const anonymous = await t().app.inject({ method: 'POST', url: IMPORTS, ...fileBody('a.csv', 'x') });
    expect(anonymous.statusCode).toBe(401);
  });

  it("another user's import, or no import, is a 404 for the preview and the commit, and is not touched", async () => {
    const a = await api.newUser();
    const b = await api.newUser();
    const { id } = (await api.upload(a.token, 'checking-november.csv', bankFixture('checking-november.csv'))).json()
      .data;
    for (const res of [
      await api.preview(b.token, id),
      await api.commit(b.token, id),
      await api.commit(b.token, '00000000-0000-4000-8000-000000000000'),
      await api.preview(b.token, 'not-an-id'),
      await api.commit(b.token, 'not-an-id'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Import not found');
    }
    expect(await stored(b.userId)).toEqual([]);
    expect((await importRow(id))?.committedAt).toBeNull();
    expect((await api.commit(a.token, id)).json().data.inserted).toBe(15);
  });
});

describe('commits at once', () => {
  it('two uploads of the same file committed together: each row goes in once, a refused commit can be sent again', async () => {
    const { token, userId } = await api.newUser();
    const first = (await api.upload(token, 'a.csv', bankFixture('checking-november.csv'))).json().data;
    const second = (await api.upload(token, 'b.csv', bankFixture('checking-november.csv'))).json().data;
    const results = await Promise.all([first, second].map((p) => api.commit(token, p.id)));
    // One commit of a user stages at a time: the other waited its turn (200, all duplicates) or,
    // sent while the first was staging, was told to try again.
    const answers = results.map((r) => (r.statusCode === 200 ? r.json().data.inserted : r.json().message));
    expect([
      [0, 15],
      [15, IMPORT_IN_PROGRESS],
    ]).toContainEqual(answers.sort());
    expect(await stored(userId)).toHaveLength(15);
    const refused = results.findIndex((r) => r.statusCode === 409);
    if (refused >= 0) {
      const again = await api.commit(token, [first, second][refused].id);
      expect(again.json().data).toMatchObject({ inserted: 0, duplicates: 15 });
    }
    expect(await stored(userId)).toHaveLength(15);
  });

  it('the same import committed twice at once: one commit, one 409', async () => {
    const { token, userId } = await api.newUser();
    const { id } = (await api.upload(token, 'a.csv', bankFixture('checking-november.csv'))).json().data;
    const results = await Promise.all([api.commit(token, id), api.commit(token, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stored(userId)).toHaveLength(15);
  });
});

describe('a remembered mapping', () => {
  const november =
    'Datum;Tegenpartij;Omschrijving;Bedrag\n03.11.2026;Bakker;Brood;-12,50\n25.11.2026;Werkgever;Loon;2500,00\n';
  const december = 'Datum;Tegenpartij;Omschrijving;Bedrag\n03.12.2026;Slager;Vlees;-8,00\n';

  it("the mapping a commit used is the next file of that shape's, in that account only", async () => {
    const { token } = await api.newUser();
    const first = (await api.upload(token, 'november.csv', november)).json().data;
    expect(first.mapping_remembered).toBe(false);
    // The user reads the payee from the description column instead.
    const mapping = { ...first.mapping, payee: 2, memo: 1 };
    expect((await api.commit(token, first.id, { mapping })).statusCode).toBe(200);

    const next = await api.upload(token, 'december.csv', december);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data).toMatchObject({ mapping_remembered: true, mapping });
    expect(next.json().data.rows[0]).toMatchObject({ payee: 'Vlees', note: 'Slager', amount: -8 });
    // Read again without a mapping, it is still the remembered one; sent one, that one.
    const again = (await api.preview(token, next.json().data.id)).json().data;
    expect(again).toMatchObject({ mapping_remembered: true, mapping });
    const sent = (await api.preview(token, next.json().data.id, { mapping: first.mapping })).json().data;
    expect(sent).toMatchObject({ mapping_remembered: false, mapping: first.mapping });

    // Another account of the user's, a file of another shape, and another user: guessed.
    const savings = (await wallet.addAccount(token, { name: 'Savings', kind: 'savings' })).json().data;
    const other = (await api.uploadTo(token, savings.id, 'december.csv', december)).json().data;
    expect(other).toMatchObject({ mapping_remembered: false, mapping: first.mapping });
    const shape = (await api.upload(token, 'other.csv', december.replace('Bedrag', 'Betrag'))).json().data;
    expect(shape.mapping_remembered).toBe(false);
    const b = await api.newUser();
    expect((await api.upload(b.token, 'december.csv', december)).json().data.mapping_remembered).toBe(false);
  });
});
