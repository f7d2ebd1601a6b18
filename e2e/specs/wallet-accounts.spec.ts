import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

// The CSV fixture is November 2026's: its transactions sit in that month, whatever today is.
const WALLET = '/dashboard/my-wallet';
const CSV = fileURLToPath(new URL('../fixtures/bank/checking-november.csv', import.meta.url));

/** The accounts panel's entry of an account, found by its name. */
const account = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: 'Your accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

const transactions = (page: Page) => page.getByRole('region', { name: 'Transactions' });

test('accounts: a card opened owing, a purchase on it, a bank file into a new account, an edit, and a delete that moves the transactions', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a long journey with an axe scan at every step
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  await logIn(page, email, password);
  await page.goto(WALLET);

  // The Money Nest made the Wallet; it cannot be deleted, only renamed.
  const panel = page.getByRole('region', { name: 'Your accounts' });
  await expect(account(page, 'Wallet')).toContainText('Checking');
  await expect(account(page, 'Wallet')).toContainText('$0.00');
  await expect(account(page, 'Wallet').getByRole('button', { name: 'Delete Wallet' })).toHaveCount(0);
  await expectAccessible(page);

  // A credit card, opened owing $500, added by keyboard from the Kind field on.
  await panel.getByRole('button', { name: 'Add an account' }).click();
  const add = page.getByRole('dialog', { name: 'Add an account' });
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(add.getByLabel('Kind')).toHaveAccessibleDescription(/Choose a kind/);
  await expect(add.getByLabel('Kind')).toBeFocused();
  await add.getByLabel('Kind').selectOption({ label: 'Credit card' });
  await page.keyboard.press('Tab');
  await expect(add.getByLabel('Account name')).toBeFocused();
  await page.keyboard.type('Visa');
  await add.getByLabel('Bank or card issuer (optional)').fill('Chase');
  await add.getByLabel('Last four digits (optional)').fill('4242');
  await add.getByLabel('Owed on the opening date').fill('500');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'accounts-1-add');
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Account added').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add an account' })).toBeFocused();
  await expect(account(page, 'Visa')).toContainText('Credit card');
  await expect(account(page, 'Visa')).toContainText('Chase ···· 4242');
  await expect(account(page, 'Visa')).toContainText('$500.00 owed');

  // The same name again is refused on its field, in the server's words.
  await panel.getByRole('button', { name: 'Add an account' }).click();
  await add.getByLabel('Kind').selectOption({ label: 'Savings' });
  await add.getByLabel('Account name').fill('VISA');
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(add.getByLabel('Account name')).toHaveAccessibleDescription('You have an account called Visa already');
  await expect(add.getByLabel('Account name')).toBeFocused();
  await add.getByRole('button', { name: 'Cancel' }).click();

  // A purchase on the card: the form picks the account; the row says which account it is in.
  await transactions(page).getByRole('button', { name: 'Add a transaction' }).click();
  const spend = page.getByRole('dialog', { name: 'Add a transaction' });
  await expect(spend.getByLabel('Account')).toHaveValue(/.+/);
  await expect(spend.getByLabel('Account').locator('option:checked')).toHaveText('Wallet');
  await spend.getByLabel('Account').selectOption({ label: 'Visa' });
  await spend.getByLabel('Payee').fill('Bistro');
  await spend.getByLabel('Amount').fill('45.50');
  await spend.getByRole('button', { name: 'Add transaction' }).click();
  await expect(spend).toBeHidden();
  await expect(account(page, 'Visa')).toContainText('$545.50 owed');
  await expect(account(page, 'Wallet')).toContainText('$0.00');
  await expect(transactions(page).getByRole('listitem').filter({ hasText: 'Bistro' })).toContainText('Visa');

  // A bank file into a new account, made in the import dialog.
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import a bank file' });
  await wizard.getByLabel('Bank file').setInputFiles(CSV);
  await wizard.getByLabel('Into the account').selectOption({ label: 'A new account…' });
  await wizard.getByRole('button', { name: 'Upload' }).click();
  await expect(wizard.getByLabel('Kind of account')).toHaveAccessibleDescription(/Choose a kind/);
  await expect(wizard.getByLabel('Kind of account')).toBeFocused();
  await wizard.getByLabel('Kind of account').selectOption({ label: 'Checking' });
  await wizard.getByLabel('Account name').fill('Ally Checking');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'accounts-2-import-new-account');
  await wizard.getByRole('button', { name: 'Upload' }).click();
  await expect(wizard.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('15 new, 0 already in Ally Checking')).toBeVisible();
  await wizard.getByRole('button', { name: 'Import 15 transactions' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText('Imported 15 transactions').first()).toBeVisible();
  await expect(account(page, 'Ally Checking')).toContainText('$2,119.45');

  // The list by account.
  const list = transactions(page).getByRole('listitem');
  await transactions(page).getByLabel('Account').selectOption({ label: 'Visa' });
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Bistro');
  await transactions(page).getByLabel('Account').selectOption({ label: 'Ally Checking' });
  await expect(list).toHaveCount(15);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'accounts-3-filtered');
  await transactions(page).getByLabel('Account').selectOption('');
  await expect(list).toHaveCount(16);

  // An edit: renamed, and it owed $600 when opened; the balance follows.
  await account(page, 'Visa').getByRole('button', { name: 'Edit Visa' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Visa”' });
  await expect(edit.getByLabel('Kind')).toHaveAccessibleDescription('A saved account keeps its kind.');
  await expect(edit.getByLabel('Owed on the opening date')).toHaveValue('$500.00');
  await edit.getByLabel('Account name').fill('Visa Signature');
  // As a person edits an amount: click into it, select what is there, type the new one.
  const owed = edit.getByLabel('Owed on the opening date');
  await owed.click();
  await owed.press('ControlOrMeta+a');
  await owed.pressSequentially('600');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(account(page, 'Visa Signature').getByRole('button', { name: 'Edit Visa Signature' })).toBeFocused();
  await expect(account(page, 'Visa Signature')).toContainText('$645.50 owed');
  await expect(transactions(page).getByRole('listitem').filter({ hasText: 'Bistro' })).toContainText('Visa Signature');

  // A delete moves the transactions to the account chosen; the account leaves the list.
  await account(page, 'Ally Checking').getByRole('button', { name: 'Delete Ally Checking' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete “Ally Checking”?' });
  await expect(remove.getByLabel('Move its transactions to')).toHaveValue(/.+/);
  await expect(remove.getByLabel('Move its transactions to').locator('option:checked')).toHaveText('Wallet');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'accounts-4-delete');
  await remove.getByRole('button', { name: 'Delete account' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('Account deleted').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add an account' })).toBeFocused();
  await expect(account(page, 'Ally Checking')).toHaveCount(0);
  await expect(account(page, 'Wallet')).toContainText('$2,119.45');
  await transactions(page).getByLabel('Account').selectOption({ label: 'Wallet' });
  await expect(list).toHaveCount(15);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'accounts-5-after-delete');
});
