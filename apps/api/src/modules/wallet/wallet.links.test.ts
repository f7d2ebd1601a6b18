import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../ledger/testing.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { spend, TODAY, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * A paycheck recorded in the Money Nest and the same paycheck in an imported bank file are one
 * journal (issue 27 item 4; decisions.md "One meaning for every number"): the import links the row
 * to the deposit instead of adding it, and the user can unlink it.
 */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

const csv = (rows: string[]) => `Date,Payee,Amount\n${rows.join('\n')}\n`;
const ofx = (rows: { fitid: string; date: string; amount: string; name: string }[]) =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>${rows
    .map(
      (r) =>
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${r.date.replaceAll('-', '')}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`,
    )
    .join('')}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

const home = async (token: string) =>
  (await api.ok(api.call(token, 'GET', '/api/v1/home'))) as {
    net_worth: { total: number } | null;
    nest: { income_this_month: number } | null;
  };
const netWorth = async (token: string) => (await home(token)).net_worth?.total ?? 0;
const balances = async (token: string) =>
  Object.fromEntries((await api.accounts(token)).map((a) => [a.name, (a as unknown as { balance: number }).balance]));

async function importFile(token: string, name: string, content: string, accountId?: string) {
  const up = accountId
    ? await imports.uploadTo(token, accountId, name, content)
    : await imports.upload(token, name, content);
  expect(up.statusCode, up.body).toBe(201);
  const preview = up.json();
  const commit = await imports.commit(token, preview.data.id);
  expect(commit.statusCode, commit.body).toBe(200);
  return { preview, commit: commit.json() };
}

describe('a paycheck in the Money Nest and in a bank file is one journal', () => {
  it('links the row to the deposit: no money added, net worth counts it once, the preview and summary say so', async () => {
    const { token, userId } = await api.activeUser();
    const deposit = await api.deposit(token, 2500, '2026-11-18');
    const before = await netWorth(token);
    const { preview, commit } = await importFile(
      token,
      'bank.csv',
      csv(['11/20/2026,ACME PAYROLL,2500.00', '11/20/2026,Grocer,-40.00', '11/19/2026,Refund,12.00']),
    );
    expect(preview.data.nest_deposits).toBe(1);
    expect(preview.data.rows.map((r: { nest_deposit: boolean }) => r.nest_deposit)).toEqual([true, false, false]);
    expect(preview.message).toContain('1 recognised as a Money Nest deposit');
    expect(commit.data).toMatchObject({ inserted: 2, duplicates: 0, nest_deposits: 1 });
    expect(commit.message).toBe('2 transactions imported, 1 recognised as a Money Nest deposit (recorded once)');
    // The grocer and the refund only: the paycheck is the Nest's deposit.
    expect(await netWorth(token)).toBe(before - 40 + 12);
    const list = (await api.ok(api.list(token))) as { kind: string; payee: string; nest_deposit_id: string | null }[];
    expect(list.find((x) => x.payee === 'ACME PAYROLL')).toMatchObject({
      kind: 'nest_deposit',
      amount: 2500,
      nest_deposit_id: deposit.deposit.id,
      date: '2026-11-20',
    });
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('a re-import of the same file still knows the row (its bank id), in whichever account it went', async () => {
    const { token } = await api.activeUser();
    await api.deposit(token, 1800.5, '2026-11-16');
    const savings = await api.ok(api.addAccount(token, { kind: 'savings', name: 'Savings' }));
    const file = ofx([
      { fitid: 'PAY-1', date: '2026-11-14', amount: '1800.50', name: 'PAYROLL' },
      { fitid: 'INT-1', date: '2026-11-14', amount: '0.45', name: 'Interest' },
    ]);
    const first = await importFile(token, 'one.ofx', file, savings.id);
    expect(first.commit.data).toMatchObject({ inserted: 1, nest_deposits: 1 });
    const again = await importFile(token, 'one.ofx', file, savings.id);
    expect(again.preview.data).toMatchObject({ duplicates: 2, nest_deposits: 0 });
    expect(again.commit.data).toMatchObject({ inserted: 0, duplicates: 2, nest_deposits: 0 });
    // Savings holds the interest only; the paycheck is in the Nest's accounts.
    expect((await balances(token)).Savings).toBe(0.45);
    const inSavings = (await api.ok(api.list(token, `?account_id=${savings.id}`))) as { kind: string }[];
    expect(inSavings.map((x) => x.kind).sort()).toEqual(['nest_deposit', 'transaction']);
  });

  it('deleting an account into one that holds the same bank row is a 409 that moves nothing', async () => {
    const { token } = await api.activeUser();
    await api.deposit(token, 1800.5, '2026-11-16');
    const savings = await api.ok(api.addAccount(token, { kind: 'savings', name: 'Savings' }));
    const checking = await api.ok(api.addAccount(token, { kind: 'checking', name: 'Checking' }));
    const file = ofx([{ fitid: 'PAY-1', date: '2026-11-14', amount: '1800.50', name: 'PAYROLL' }]);
    expect((await importFile(token, 'one.ofx', file, savings.id)).commit.data).toMatchObject({ nest_deposits: 1 });
    // The deposit is linked already: in Checking the same row is income of its own.
    expect((await importFile(token, 'one.ofx', file, checking.id)).commit.data).toMatchObject({ inserted: 1 });
    const before = await balances(token);
    const refused = await api.call(token, 'DELETE', `/api/v1/accounts/${savings.id}?move_to=${checking.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/PAYROLL of \$1,800\.50 on .* is in both accounts/);
    expect(await balances(token)).toEqual(before);
    const inSavings = (await api.ok(api.list(token, `?account_id=${savings.id}`))) as { kind: string }[];
    expect(inSavings.map((x) => x.kind)).toEqual(['nest_deposit']);
  });

  it('matches the nearest deposit within 3 days; one row one deposit; never a reversed deposit, never money out', async () => {
    const { token } = await api.activeUser();
    const far = await api.deposit(token, 1000, '2026-11-10');
    const near = await api.deposit(token, 1000, '2026-11-13');
    const reversed = await api.deposit(token, 700, '2026-11-14');
    await api.ok(api.call(token, 'POST', `/api/v1/nest/deposits/${reversed.deposit.id}/reverse`));
    await api.deposit(token, 300, '2026-11-01');
    const { commit } = await importFile(
      token,
      'b.csv',
      csv([
        '11/14/2026,PAY A,1000.00',
        '11/12/2026,PAY B,1000.00',
        '11/09/2026,PAY C,1000.00',
        '11/14/2026,PAY D,700.00',
        '11/05/2026,PAY E,300.00',
        '11/13/2026,Out,-1000.00',
      ]),
    );
    // A (1 day from "near") and B (2 days from "far"; "near" is taken) link; C is 1 day from "far"
    // but the nearest pairs go first: C pairs with far (1 day), B is left (3 days from near is taken).
    expect(commit.data.nest_deposits).toBe(2);
    const list = (await api.ok(api.list(token))) as { payee: string; kind: string; nest_deposit_id: string | null }[];
    const linked = Object.fromEntries(
      list.filter((x) => x.kind === 'nest_deposit').map((x) => [x.payee, x.nest_deposit_id]),
    );
    expect(linked).toEqual({ 'PAY A': near.deposit.id, 'PAY C': far.deposit.id });
    expect(
      list
        .filter((x) => x.kind === 'transaction')
        .map((x) => x.payee)
        .sort(),
    ).toEqual(['Out', 'Pay B', 'Pay D', 'Pay E']);
  });

  it('unlink: the row becomes income of its account under the same id; the deposit stays; a second unlink is a 409', async () => {
    const { token, userId } = await api.activeUser();
    const deposit = await api.deposit(token, 2500, TODAY);
    const checking = await api.ok(api.addAccount(token, { kind: 'checking', name: 'Checking' }));
    await importFile(token, 'p.ofx', ofx([{ fitid: 'F1', date: TODAY, amount: '2500', name: 'PAYROLL' }]), checking.id);
    const [row] = (await api.ok(api.list(token, `?account_id=${checking.id}`))) as { id: string; kind: string }[];
    expect(row?.kind).toBe('nest_deposit');
    const before = await netWorth(token);
    const incomeBefore = (await api.ok(api.summary(token))).income;
    const unlinked = await api.ok(api.call(token, 'POST', `/api/v1/wallet/transactions/${row?.id}/unlink`));
    expect(unlinked).toMatchObject({ id: row?.id, kind: 'transaction', amount: 2500, account_id: checking.id });
    expect(unlinked.category).toBe('Uncategorized');
    expect(await netWorth(token)).toBe(before + 2500);
    expect((await api.ok(api.summary(token))).income).toBe(incomeBefore + 2500);
    expect((await balances(token)).Checking).toBe(2500);
    const again = await api.call(token, 'POST', `/api/v1/wallet/transactions/${row?.id}/unlink`);
    expect(again.statusCode).toBe(409);
    const nest = await api.ok(api.call(token, 'GET', '/api/v1/nest/entries'));
    expect(JSON.stringify(nest)).toContain(deposit.deposit.id);
    // Its bank id stayed with it: the file again adds nothing.
    const up = await imports.uploadTo(
      token,
      checking.id,
      'p.ofx',
      ofx([{ fitid: 'F1', date: TODAY, amount: '2500', name: 'PAYROLL' }]),
    );
    expect(up.json().data).toMatchObject({ duplicates: 1, nest_deposits: 0 });
    // The deposit is free again, and can be reversed; the row stays income.
    expect((await api.call(token, 'POST', `/api/v1/nest/deposits/${deposit.deposit.id}/reverse`)).statusCode).toBe(200);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('a linked deposit can not be reversed (409 naming the account): unlink first', async () => {
    const { token } = await api.activeUser();
    const deposit = await api.deposit(token, 900, TODAY);
    await importFile(token, 'p.csv', csv(['11/21/2026,PAYROLL,900']));
    const res = await api.call(token, 'POST', `/api/v1/nest/deposits/${deposit.deposit.id}/reverse`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A bank transaction imported into Wallet is linked to this: unlink it in My Wallet first.',
    );
  });

  it('unlink of another user’s row, or of no row, is a 404; an ordinary transaction a 409', async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    await api.deposit(a.token, 100, TODAY);
    await importFile(a.token, 'p.csv', csv(['11/21/2026,PAYROLL,100']));
    const [row] = (await api.ok(api.list(a.token))) as { id: string }[];
    expect((await api.call(b.token, 'POST', `/api/v1/wallet/transactions/${row?.id}/unlink`)).statusCode).toBe(404);
    expect((await api.call(a.token, 'POST', '/api/v1/wallet/transactions/nope/unlink')).statusCode).toBe(404);
    const plain = await api.ok(api.add(a.token, spend(-5, 'Coffee')));
    expect((await api.call(a.token, 'POST', `/api/v1/wallet/transactions/${plain.id}/unlink`)).statusCode).toBe(409);
  });

  it('a real bank file (OFXSharp, secondluddite.ofx): the ACH payroll deposit is recognised, the rest added', async () => {
    const { token, userId } = await api.activeUser();
    const file = readFileSync('/work/shared/bank-files/OFXSharp__secondluddite.ofx');
    // Its "ACH Deposit GOOGLE" of $3,066.96 on 23 Feb 2019, recorded in the Nest two days later.
    const deposit = await api.deposit(token, 3066.96, '2019-02-25');
    const up = await imports.upload(token, 'secondluddite.ofx', file);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ total: 15, nest_deposits: 1 });
    // Its six accounts (a file of several): all into the Wallet here.
    const preview = up.json().data as { id: string; account_id: string; accounts: { key: string }[] };
    const accounts = preview.accounts.map((a) => ({ key: a.key, account_id: preview.account_id }));
    const commit = await api.ok(imports.commit(token, preview.id, { accounts }));
    expect(commit).toMatchObject({ inserted: 14, nest_deposits: 1 });
    const list = (await api.ok(api.list(token, '?limit=100'))) as {
      payee: string;
      kind: string;
      nest_deposit_id: string;
    }[];
    const linked = list.filter((x) => x.kind === 'nest_deposit');
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ nest_deposit_id: deposit.deposit.id, amount: 3066.96 });
    expect(linked[0]?.payee).toContain('GOOGLE');
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });
});
