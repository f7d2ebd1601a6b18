import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

// The CSV fixture is November 2026's: 15 rows summing to $2,119.45, among them 'ACME Corp Payroll'
// $2,450.00 on 4 Nov 2026.
const WALLET = '/dashboard/my-wallet';
const CSV = fileURLToPath(new URL('../fixtures/bank/checking-november.csv', import.meta.url));

const card = (page: Page, area: string) => page.getByRole('region', { name: area, exact: true });
const figure = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);
const account = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: 'Your accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
const transactions = (page: Page) => page.getByRole('region', { name: 'Transactions' });

async function netWorth(page: Page): Promise<string | null> {
  await page.goto('/dashboard');
  const total = figure(card(page, 'Net worth'), 'What you own minus what you owe');
  await expect(total).toHaveText(/\$/);
  return total.textContent();
}

test('a Nest paycheck in a bank file counts once, unlinked it is income; a transfer moves money between accounts, never spending', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  await logIn(page, email, password);

  // The paycheck recorded in the Money Nest (no rules: all of it to the Wallet), two days after the bank's.
  await page.goto('/dashboard/helo-money-pool');
  const income = page.getByRole('region', { name: 'Record income' });
  await income.getByLabel('Amount').fill('2450');
  await income.getByLabel('Source').fill('ACME salary');
  await income.getByLabel('Date').fill('2026-11-06');
  await income.getByRole('button', { name: 'Record income' }).click();
  await expect(page.getByText('Income recorded and split')).toBeVisible();
  expect(await netWorth(page)).toBe('$2,450.00');

  // The bank file with the same paycheck: recognised, linked, not added.
  await page.goto(WALLET);
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import a bank file' });
  await wizard.getByLabel('Bank file').setInputFiles(CSV);
  await wizard.getByRole('button', { name: 'Upload' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(
    wizard.getByText('14 new, 0 already in your wallet, 1 recognised as a Money Nest deposit (recorded once)'),
  ).toBeVisible();
  await expect(wizard.getByRole('row', { name: /ACME Corp Payroll/ })).toContainText('Recorded in the Money Nest');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'links-1-preview');
  await wizard.getByRole('button', { name: 'Import 14 transactions' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText('Imported 14 transactions, 1 recognised as a Money Nest deposit').first()).toBeVisible();
  // The Wallet: the paycheck once (the Nest's), and the other 14 rows (−$330.55).
  await expect(account(page, 'Wallet')).toContainText('$2,119.45');
  const payroll = transactions(page).getByRole('listitem').filter({ hasText: 'ACME Corp Payroll' });
  await expect(payroll).toContainText('Recorded in the Money Nest');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'links-2-linked-row');

  // Home's net worth counts the paycheck once.
  expect(await netWorth(page)).toBe('$2,119.45');

  // Unlinked, the row is income of its own: counted next to the deposit.
  await page.goto(`${WALLET}?month=2026-11`);
  const monthIncome = figure(page.getByRole('region', { name: 'Spending', exact: true }), 'Income');
  await expect(monthIncome).toHaveText('$179.50');
  await payroll.getByRole('button', { name: /^Unlink ACME Corp Payroll/ }).click();
  const unlink = page.getByRole('dialog', { name: 'Unlink “ACME Corp Payroll”?' });
  await expectAccessible(page);
  await unlink.getByRole('button', { name: 'Unlink' }).click();
  await expect(unlink).toBeHidden();
  await expect(payroll).toContainText('Uncategorized');
  await expect(payroll).not.toContainText('Recorded in the Money Nest');
  await expect(account(page, 'Wallet')).toContainText('$4,569.45');
  await expect(monthIncome).toHaveText('$2,629.50');
  expect(await netWorth(page)).toBe('$4,569.45');

  // A transfer from the Wallet to a savings account: both balances change, the month's spending does not.
  const savings = await request.post('/api/v1/accounts', { headers, data: { kind: 'savings', name: 'Savings' } });
  expect(savings.status()).toBe(201);
  await page.goto(`${WALLET}?month=2026-11`);
  const spent = figure(page.getByRole('region', { name: 'Spending', exact: true }), 'Spent');
  await expect(spent).toHaveText(/\$/);
  const spentBefore = await spent.textContent();
  await transactions(page).getByRole('button', { name: 'Record a transfer' }).click();
  const move = page.getByRole('dialog', { name: 'Record a transfer' });
  await move.getByLabel('From').selectOption({ label: 'Wallet' });
  await move.getByLabel('To').selectOption({ label: 'Savings' });
  await move.getByLabel('Amount').fill('500');
  await move.getByLabel('Date').fill('2026-11-20');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'links-3-transfer-form');
  await move.getByRole('button', { name: 'Record transfer' }).click();
  await expect(move).toBeHidden();
  await expect(account(page, 'Wallet')).toContainText('$4,069.45');
  await expect(account(page, 'Savings')).toContainText('$500.00');
  await expect(transactions(page).getByRole('listitem').filter({ hasText: 'Transfer to Savings' })).toContainText(
    '−$500.00',
  );
  await transactions(page).getByLabel('Account').selectOption({ label: 'Savings' });
  await expect(transactions(page).getByRole('listitem')).toHaveCount(1);
  await expect(transactions(page).getByRole('listitem').first()).toContainText('Transfer from Wallet');
  await expect(transactions(page).getByRole('listitem').first()).toContainText('+$500.00');
  expect(await spent.textContent()).toBe(spentBefore);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'links-4-transfer-listed');
  // Net worth: the same money, in two accounts.
  expect(await netWorth(page)).toBe('$4,569.45');
});
