import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  createVerifiedAccount,
  expectAccessible,
  keepScreenshot,
  logIn,
  openMenuIfCollapsed,
} from '../fixtures.ts';
import { expectBuckets, fillFundAndGoalRules, userWithFundAndGoal } from '../nest-fixtures.ts';

const NEST = '/dashboard/helo-money-pool';
// The CSV fixture is November 2026's: its spending is that month's, whatever today is.
const WALLET_NOVEMBER = '/dashboard/my-wallet?month=2026-11';
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/bank/${name}`, import.meta.url));
const CSV = fixture('checking-november.csv');
const OFX = fixture('statement.ofx');
const QFX = fixture('statement.qfx');

const walletBalance = (page: Page) => page.locator('dl:has(> dt:text-is("Wallet balance")) > dd');

/** The bar of Uncategorized in the Spending panel, by its words. */
const uncategorized = (page: Page) =>
  page
    .getByRole('list', { name: /^Spending by category/ })
    .getByRole('listitem')
    .filter({ hasText: 'Uncategorized' });

/** Opens the wizard from My Wallet and chooses `file`; the dialog, at the step after Upload. */
async function upload(page: Page, file: string) {
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank file' });
  await expect(dialog.getByRole('heading', { name: 'Choose your bank file' })).toBeFocused();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('income split to the cent, then a CSV and an OFX file imported, duplicates marked and left out, a hand entry flagged', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { email, password, headers } = await userWithFundAndGoal(request);
  await logIn(page, email, password);

  // Activate: both locks go.
  await page.goto(NEST);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nest Account' })).toBeFocused();
  await openMenuIfCollapsed(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Nest Account/ })).toHaveAccessibleName('Nest Account');
  await expect(nav.getByRole('link', { name: /^My Wallet/ })).toHaveAccessibleName('My Wallet');
  await page.goto(NEST);

  // 20 % to the emergency fund, $300 fixed to the goal, the rest to the Wallet.
  const rules = page.getByRole('region', { name: 'Your rules' });
  await fillFundAndGoalRules(rules);
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Rules saved')).toBeVisible();

  const income = page.getByRole('region', { name: 'Record income' });
  await income.getByLabel('Amount').fill('2500');
  await income.getByLabel('Source').fill('Paycheck');
  await income.getByRole('button', { name: 'Record income' }).click();
  await expect(page.getByText('Income recorded and split')).toBeVisible();
  // $300 to the goal first, 20 % of the $2,200 left to the fund, the rest to the Wallet.
  await expectBuckets(page, [
    ['Lisbon trip', '$300.00'],
    ['Emergency fund', '$440.00'],
    ['Wallet', '$1,760.00'],
  ]);
  await openMenuIfCollapsed(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Emergency Fund' }).click();
  const fundHistory = page.getByRole('region', { name: 'History' });
  await expect(fundHistory.getByRole('listitem').first()).toContainText('+$440.00');
  await expect(fundHistory.getByRole('listitem').first()).toContainText('From the Money Nest: Paycheck');

  // One of the CSV's rows is in the Wallet already, entered by hand: its bank copy is imported and flagged.
  const netflix = await request.post('/api/v1/wallet/transactions', {
    headers,
    data: { date: '2026-11-05', payee: 'Netflix.com', amount: -15.49 },
  });
  expect(netflix.status()).toBe(201);

  await page.goto(WALLET_NOVEMBER);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await expect(walletBalance(page)).toHaveText('$1,744.51');
  await expect(uncategorized(page)).toContainText('$15.49 spent');
  await expectAccessible(page);

  // The CSV: its columns as guessed, a date order that can not read it (the server's line), back.
  let dialog = await upload(page, CSV);
  await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Import steps' }).getByRole('listitem')).toHaveText([
    '✓Upload (done)',
    '2Map columns',
    '3Preview',
    '4Import',
  ]);
  await expect(dialog.getByLabel('Date column')).toHaveValue('0');
  await expect(dialog.getByLabel('Payee column')).toHaveValue('1');
  await expect(dialog.getByLabel('Amount column')).toHaveValue('2');
  await expect(dialog.getByLabel('Memo column')).toHaveValue('3');
  await expect(dialog.getByLabel('The first row holds the column names')).toBeChecked();
  await expect(dialog.getByLabel('Date order')).toHaveValue('mdy');
  const sample = dialog.getByRole('region', { name: 'The first rows as they will be read' }).getByRole('row');
  await expect(sample).toHaveCount(6);
  for (const cell of ['Nov 2, 2026', "Trader Joe's", 'Groceries', '−$64.18']) {
    await expect(sample.nth(1)).toContainText(cell);
  }
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-1-mapping');

  // Day first, the rows past the 12th can not be read: listed by line under the rows that can.
  await dialog.getByLabel('Date order').selectOption({ label: 'Day-month-year (05/03/2026)' });
  const unread = dialog.getByRole('region', { name: /can not be read with these columns$/ });
  await expect(unread).toContainText(/Line \d+ '11\/\d+\/2026' is not a real date/);
  await dialog.getByLabel('Date order').selectOption({ label: 'Month-day-year (03/05/2026)' });
  await expect(unread).toHaveCount(0);
  await expect(sample).toHaveCount(6);
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  await expect(dialog.getByText('15 new, 0 already in your wallet, 1 possible duplicate')).toBeVisible();
  const rows = dialog.getByRole('region', { name: 'Transactions in checking-november.csv' }).getByRole('row');
  await expect(rows).toHaveCount(16);
  await expect(rows.filter({ hasText: 'Already in your wallet' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Possible duplicate' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Possible duplicate' })).toContainText('Netflix.com');
  // The coffee bought twice that day is two transactions, neither of them in the Wallet yet.
  await expect(rows.filter({ hasText: 'Blue Bottle Coffee' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Blue Bottle Coffee' }).filter({ hasText: 'Already' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-2-preview');
  await dialog.getByRole('button', { name: 'Import 15 transactions' }).click();
  await expect(page.getByText('Imported 15 transactions')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import a bank file' })).toBeFocused();

  // The bars move: November's Uncategorized spending is the file's money out.
  await expect(uncategorized(page)).toContainText('$525.54 spent');
  await expect(walletBalance(page)).toHaveText('$3,863.96');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-3-imported');

  // The OFX, by keyboard: no columns to map.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Choose your bank file' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Bank file')).toBeFocused();
  await dialog.getByLabel('Bank file').setInputFiles(OFX);
  // Into the Wallet, as the account picker says unless another is chosen.
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Into the account')).toBeFocused();
  await expect(dialog.getByLabel('Into the account')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Into the account').locator('option:checked')).toHaveText('Wallet');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Import steps' }).getByRole('listitem')).toHaveText([
    '✓Upload (done)',
    '2Preview',
    '3Import',
  ]);
  await expect(dialog.getByText('6 new, 0 already in your wallet')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('region', { name: 'Transactions in statement.ofx' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Import 6 transactions' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Imported 6 transactions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import a bank file' })).toBeFocused();
  await expect(walletBalance(page)).toHaveText('$4,359.25');

  // The CSV again: read with the columns confirmed for it (no mapping step); every row is in the
  // Wallet, nothing is imported.
  dialog = await upload(page, CSV);
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  await expect(dialog.getByText('0 new, 15 already in your wallet')).toBeVisible();
  await expect(rows.filter({ hasText: 'Already in your wallet' })).toHaveCount(15);
  await expect(dialog.getByText('Everything in this file is already in your wallet')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-4-all-duplicates');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(walletBalance(page)).toHaveText('$4,359.25');
  await expect(uncategorized(page)).toContainText('$525.54 spent');
});

test('a file is refused before it is sent when too large, and in the server’s words naming the line', async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  await logIn(page, email, password);
  await page.goto('/dashboard/my-wallet');

  const opener = page.getByRole('button', { name: 'Import a bank file' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank file' });
  await expect(dialog.getByRole('heading', { name: 'Choose your bank file' })).toBeFocused();
  const file = dialog.getByLabel('Bank file');

  // Nothing chosen, then too large: said at the field, nothing sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/wallet/imports')) sent += 1;
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(file).toHaveAccessibleDescription(/Choose a CSV, OFX, QFX, QIF or CAMT\.053 \(XML\) file$/);
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(file).toHaveAccessibleDescription(
    /The file is larger than 5 MB: export a shorter period and import it in parts$/,
  );
  expect(sent).toBe(0);
  await expectAccessible(page);

  // A row the server can not read: the file is kept, and the row's line said in the server's words.
  const bad = 'Date,Description,Amount\n2026-11-02,Coffee,-4.50\n2026-11-03,Lunch,twelve\n';
  await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('region', { name: '1 row can not be read with these columns' })).toContainText(
    "Line 3 the amount 'twelve' is not a number",
  );
  expect(sent).toBe(1);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await opener.click();

  // A $0 row (a balance line) is left out, and the preview says which line.
  const zero = 'Date,Description,Amount\n2026-11-02,Coffee,-4.50\n2026-11-03,Opening balance,0.00\n';
  await file.setInputFiles({ name: 'zero.csv', mimeType: 'text/csv', buffer: Buffer.from(zero) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('1 new, 0 already in your wallet')).toBeVisible();
  await expect(dialog.getByText(/row of \$0 left out \(line 3\)/)).toBeVisible();

  // Escape is Cancel: the focus goes back to the button, nothing was imported.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  const list = async () => (await (await request.get('/api/v1/wallet/transactions', { headers })).json()).data;
  expect(await list()).toEqual([]);

  // A QFX imported in another tab while this preview was open: the server's refusal, said in the dialog.
  await opener.click();
  await dialog.getByLabel('Bank file').setInputFiles(QFX);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/wallet/imports'));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const { id } = (await (await uploaded).json()).data;
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  const elsewhere = await request.post(`/api/v1/wallet/imports/${id}/commit`, { headers, data: {} });
  expect(elsewhere.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This file has been imported already');
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(opener).toBeFocused();
  // The page caught up with the other tab's import.
  await expect(page.locator('dl:has(> dt:text-is("Wallet balance")) > dd')).toHaveText('$329.75');
  expect(await list()).toHaveLength(4);
});

/** A bank's OFX of a checking account and a credit line: each goes into a Helo account of its own. */
const TWO_ACCOUNTS = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1>
<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>021000021<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103<TRNAMT>-42.17<FITID>C1<NAME>CORNER GROCERY</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261115<TRNAMT>250.00<FITID>C2<NAME>ACME REFUND</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>
<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>021000021<ACCTID>55554444<ACCTTYPE>CREDITLINE</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261104<TRNAMT>-9.50<FITID>L1<NAME>LINE FEE</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS>
</BANKMSGSRSV1></OFX>
`;

/** An investment statement: one cash transaction, a trade and a position. */
const BROKERAGE = `<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD
<INVACCTFROM><BROKERID>broker.example<ACCTID>X1</INVACCTFROM><INVTRANLIST>
<BUYSTOCK><INVBUY><INVTRAN><FITID>T1<DTTRADE>20261105</INVTRAN><TOTAL>-100</INVBUY></BUYSTOCK>
<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261106<TRNAMT>12.00<FITID>B1<NAME>Interest</STMTTRN></INVBANKTRAN>
</INVTRANLIST><INVPOSLIST><POSSTOCK><INVPOS><UNITS>1</INVPOS></POSSTOCK></INVPOSLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`;

test('a multi-account OFX imported into two accounts', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const made = await request.post('/api/v1/accounts', { headers, data: { kind: 'checking', name: 'Everyday' } });
  expect(made.status()).toBe(201);
  const everyday = (await made.json()).data.id as string;
  await logIn(page, email, password);
  await page.goto(WALLET_NOVEMBER);

  const opener = page.getByRole('button', { name: 'Import a bank file' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank file' });
  const file = { name: 'two-accounts.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(TWO_ACCOUNTS) };
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  const accounts = dialog.getByRole('group', { name: 'This file holds 2 accounts' });
  const checking = accounts.getByLabel('…6789 · Checking: 2 transactions into');
  const line = accounts.getByLabel('…4444 · Credit line: 1 transaction into');
  await expect(checking).toHaveValue('');
  await expect(line).toHaveValue('');

  // Import with no account chosen: said at the first choice, which takes the focus.
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(checking).toBeFocused();
  await expect(checking).toHaveAccessibleDescription(/Choose an account for these transactions/);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-5-accounts-missing');

  // The checking account into Everyday, the credit line into a new account named here.
  await checking.selectOption({ label: 'Everyday' });
  await line.selectOption({ label: 'A new account…' });
  await expect(accounts.getByLabel('Kind of account')).toHaveValue('credit_card');
  await accounts.getByLabel('Account name').fill('Credit line');
  await expect(dialog.getByText('3 new, 0 already in their accounts')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-6-accounts-chosen');
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(page.getByText('Imported 3 transactions')).toBeVisible();
  await expect(opener).toBeFocused();

  // Each account holds its own rows.
  const list = (await (await request.get('/api/v1/accounts', { headers })).json()).data as {
    id: string;
    name: string;
    balance: number;
  }[];
  expect(list.find((a) => a.id === everyday)?.balance).toBe(207.83);
  expect(list.find((a) => a.name === 'Credit line')?.balance).toBe(-9.5);

  // The same file again: each account is found where it went, every row already there.
  await opener.click();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('0 new, 3 already in their accounts')).toBeVisible();
  await expect(checking.locator('option:checked')).toHaveText('Everyday');
  await expect(line.locator('option:checked')).toHaveText('Credit line');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An investment statement: its cash imported, its trades and positions named as left out.
  await opener.click();
  await dialog
    .getByLabel('Bank file')
    .setInputFiles({ name: 'brokerage.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(BROKERAGE) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(
    dialog.getByText('1 trade and 1 position are not imported: Helo imports the cash transactions.'),
  ).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-7-left-out');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
