import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { walletRequests } from '../wallet-requests.test-helpers.ts';
import { importRequests } from './import-requests.test-helpers.ts';

const t = useTestApp();
const api = importRequests(t);
const wallet = walletRequests(t);

/**
 * Issue 29: "the bank's own category column went into the note". A bank's category is kept apart,
 * as the bank wrote it, on the transaction: the note stays the memo's, and rules and suggestions
 * read the bank's category from the transaction.
 */
describe("a bank file's own categories", () => {
  it("a CSV's category column: guessed, previewed, and kept on each transaction apart from the note", async () => {
    const { token } = await api.newUser();
    const csv =
      'Date,Description,Category,Amount,Memo\n' +
      '11/03/2026,TRADER JOE S #552 SAN FRANCISCO CA,Groceries,-42.17,card 1234\n' +
      '11/04/2026,SHELL OIL 5744,Gas & Fuel,-30.00,\n' +
      '11/05/2026,ACME PAYROLL,,2500.00,\n';
    const uploaded = await api.upload(token, 'with-categories.csv', csv);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json().data;
    expect(preview.mapping).toMatchObject({ payee: 1, category: 2, amount: 3, memo: 4 });
    expect(preview.rows.map((r: { bank_category: string | null }) => r.bank_category)).toEqual([
      'Groceries',
      'Gas & Fuel',
      null,
    ]);
    expect((await api.commit(token, preview.id)).statusCode).toBe(200);
    const rows = (await wallet.list(token)).json().data as {
      payee: string;
      bank_category: string | null;
      note: string | null;
    }[];
    expect(rows.map((r) => [r.payee, r.bank_category, r.note])).toEqual([
      ['Acme Payroll', null, null],
      ['Shell', 'Gas & Fuel', null],
      ["Trader Joe's", 'Groceries', 'card 1234'],
    ]);
  });

  it('a mapping without the category column leaves it out; a column past the file is a 400 naming it', async () => {
    const { token } = await api.newUser();
    const csv = 'Date,Description,Category,Amount\n11/03/2026,Shop,Groceries,-1.00\n';
    const { id } = (await api.upload(token, 'c.csv', csv)).json().data;
    const mapping = {
      header: true,
      date: 0,
      payee: 1,
      amount: 3,
      debit: null,
      credit: null,
      memo: null,
      date_order: 'mdy',
      decimal: '.',
    };
    const without = await api.preview(token, id, { mapping: { ...mapping, category: null } });
    expect(without.json().data.rows[0].bank_category).toBeNull();
    const past = await api.preview(token, id, { mapping: { ...mapping, category: 9 } });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ path: 'mapping.category' });
  });

  it("a QIF's L is the bank's category; a transfer's [Account] is none", async () => {
    const { token } = await api.newUser();
    const qif =
      '!Type:Bank\nD11/03/2026\nPWHOLE FOODS\nT-52.10\nLFood:Groceries\n^\nD11/04/2026\nPTo savings\nT-100.00\nL[Savings]\n^\n';
    const { id } = (await api.upload(token, 'register.qif', qif)).json().data;
    expect((await api.commit(token, id)).statusCode).toBe(200);
    const rows = (await wallet.list(token)).json().data as { bank_category: string | null }[];
    expect(rows.map((r) => r.bank_category)).toEqual([null, 'Food:Groceries']);
  });
});
