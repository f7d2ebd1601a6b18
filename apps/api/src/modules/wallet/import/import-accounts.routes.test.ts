import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { walletRequests } from '../wallet-requests.test-helpers.ts';
import { CHOOSE_EVERY_ACCOUNT } from './import-accounts.ts';
import { importRequests, storedTransactions } from './import-requests.test-helpers.ts';

const t = useTestApp();
const api = importRequests(t);
const wallet = walletRequests(t);

/** An OFX 1.x file of a checking account and a credit line at one bank. */
const TWO_ACCOUNTS = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1>
<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>021000021<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103<TRNAMT>-42.17<FITID>C1<NAME>CORNER GROCERY</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261115<TRNAMT>2500.00<FITID>C2<NAME>ACME PAYROLL</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>
<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>021000021<ACCTID>55554444<ACCTTYPE>CREDITLINE</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261104<TRNAMT>-9.999<FITID>L1<NAME>LINE FEE</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>
</BANKMSGSRSV1></OFX>
`;

async function newAccount(token: string, name: string): Promise<string> {
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/v1/accounts',
    headers: bearer(token),
    payload: { kind: 'checking', name },
  });
  if (res.statusCode !== 201) throw new Error(`account: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

describe('a statement file of several accounts', () => {
  it('lists its accounts masked, wants a Helo account for each, puts each one’s rows there, and remembers', async () => {
    const { token, userId } = await api.newUser();
    const upload = await api.upload(token, 'two.ofx', TWO_ACCOUNTS);
    expect(upload.statusCode, upload.body).toBe(201);
    const preview = upload.json().data;
    expect(preview.accounts).toEqual([
      { key: '1', bank_account: '…6789', type: 'CHECKING', currency: 'USD', count: 2, account_id: null },
      { key: '2', bank_account: '…4444', type: 'CREDITLINE', currency: 'USD', count: 1, account_id: null },
    ]);
    expect(preview.rows.map((r: { account_key: string }) => r.account_key)).toEqual(['1', '1', '2']);
    expect(upload.json().message).toBe('3 transactions read; amounts rounded to cents on 1 row');

    // Not every account chosen: a 400 at accounts, nothing written.
    const checking = await newAccount(token, 'Checking');
    const line = await newAccount(token, 'Credit line');
    const partial = await api.commit(token, preview.id, { accounts: [{ key: '1', account_id: checking }] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual([{ path: 'accounts', message: CHOOSE_EVERY_ACCOUNT }]);
    const unknown = await api.commit(token, preview.id, { accounts: [{ key: '9', account_id: checking }] });
    expect(unknown.json().errors?.[0]?.path).toBe('accounts.0.key');
    const other = await api.newUser();
    const theirs = await newAccount(other.token, 'Theirs');
    const foreign = await api.commit(token, preview.id, {
      accounts: [
        { key: '1', account_id: checking },
        { key: '2', account_id: theirs },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors?.[0]?.path).toBe('accounts.1.account_id');
    expect(await storedTransactions(t().database.db, userId)).toEqual([]);

    // The preview with the picks; then the commit.
    const accounts = [
      { key: '1', account_id: checking },
      { key: '2', account_id: line },
    ];
    const picked = (await api.preview(token, preview.id, { accounts })).json().data;
    expect(picked.accounts.map((a: { account_id: string }) => a.account_id)).toEqual([checking, line]);
    const commit = await api.commit(token, preview.id, { accounts });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({
      message: '3 transactions imported; amounts rounded to cents on 1 row',
      data: { inserted: 3, duplicates: 0 },
    });
    const stored = await storedTransactions(t().database.db, userId);
    expect(stored.map((s) => [s.fitid, s.accountId, s.amountCents])).toEqual([
      ['C1', checking, -4_217],
      ['L1', line, -1_000],
      ['C2', checking, 250_000],
    ]);

    // The same file again: each account found where it went, every row a duplicate there.
    const again = (await api.upload(token, 'two.ofx', TWO_ACCOUNTS)).json().data;
    expect(again.accounts.map((a: { account_id: string }) => a.account_id)).toEqual([checking, line]);
    expect(again.duplicates).toBe(3);
    const none = await api.commit(token, again.id, {});
    expect(none.json().data).toMatchObject({ inserted: 0, duplicates: 3 });
  });

  it('judges duplicates within each account: the same row in another account is not one, not even a possible one', async () => {
    const { token, userId } = await api.newUser();
    const checking = await newAccount(token, 'Checking');
    const line = await newAccount(token, 'Credit line');
    // A hand entry like the file's first row, but in the credit line's Helo account.
    const added = await wallet.add(token, {
      account_id: line,
      date: '2026-11-03',
      payee: 'CORNER GROCERY',
      amount: -42.17,
    });
    expect(added.statusCode, added.body).toBe(201);
    const preview = (await api.upload(token, 'two.ofx', TWO_ACCOUNTS)).json().data;
    const accounts = [
      { key: '1', account_id: checking },
      { key: '2', account_id: line },
    ];
    const picked = (await api.preview(token, preview.id, { accounts })).json().data;
    expect(picked).toMatchObject({ duplicates: 0, possible_duplicates: 0 });
    // Into one account, the hand entry may be the file's row: flagged (a hand entry is never left out).
    const same = [
      { key: '1', account_id: line },
      { key: '2', account_id: line },
    ];
    const together = (await api.preview(token, preview.id, { accounts: same })).json().data;
    expect(together).toMatchObject({ duplicates: 0, possible_duplicates: 1 });
    const commit = await api.commit(token, preview.id, { accounts });
    expect(commit.json().data).toMatchObject({ inserted: 3, duplicates: 0 });
    expect((await storedTransactions(t().database.db, userId)).length).toBe(4);
  });

  it("lists a Quicken export's accounts by their names", async () => {
    const { token } = await api.newUser();
    const register = (name: string, type: string, payee: string) =>
      `!Account\nN${name}\nT${type}\n^\n!Type:${type}\nD11/03/2026\nP${payee}\nT-5.00\n^\n`;
    const preview = (
      await api.upload(token, 'all.qif', register('Checking', 'Bank', 'Rent') + register('Visa', 'CCard', 'Tea'))
    ).json().data;
    expect(preview.accounts.map((a: { bank_account: string; type: string }) => [a.bank_account, a.type])).toEqual([
      ['Checking', 'BANK'],
      ['Visa', 'CCARD'],
    ]);
  });

  it('a file of one account works as before: no accounts to choose, its rows in the import’s account', async () => {
    const { token, userId } = await api.newUser();
    const one = TWO_ACCOUNTS.replace(
      /<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>021000021<ACCTID>55554444[\s\S]*?<\/STMTTRNRS>/,
      '',
    );
    const preview = (await api.upload(token, 'one.ofx', one)).json().data;
    expect(preview).toMatchObject({ accounts: [], left_out: null, total: 2 });
    expect(preview.rows.every((r: { account_key: null }) => r.account_key === null)).toBe(true);
    const commit = await api.commit(token, preview.id, {});
    expect(commit.json().data.inserted).toBe(2);
    expect((await storedTransactions(t().database.db, userId)).every((s) => s.accountId === preview.account_id)).toBe(
      true,
    );
  });
});
