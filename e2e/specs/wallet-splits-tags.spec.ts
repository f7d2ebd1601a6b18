import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

/** Issue 29 items 3, 4, 7: a bank row's merchant name, a transaction split across categories, tags and their filter. */

const WALLET = '/dashboard/my-wallet?month=2026-11';

const transactions = (page: Page) => page.getByRole('region', { name: 'Transactions' });
/** A transaction's row (not one of its tag chips, list items too): the one with an Edit button. */
const row = (page: Page, payee: string): Locator =>
  transactions(page)
    .getByRole('listitem')
    .filter({ hasText: payee })
    .filter({ has: page.getByRole('button', { name: /^Edit / }) });
const rows = (page: Page) =>
  transactions(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Edit / }) });
const bar = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: /^Spending by category/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

test('a bank row split across two categories and tagged, by keyboard; the list filtered by its tag', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month: '2026-11',
      net_income: 4_000,
      categories: [
        { name: 'Groceries', group: 'needs', planned: 400 },
        { name: 'Household', group: 'needs', planned: 100 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
  // A bank file of two rows: the bank's words become merchant names.
  const file =
    'Date,Description,Amount\n11/20/2026,COSTCO WHSE #0482 SAN JOSE CA,-120.50\n11/21/2026,SQ *BLUE BOTTLE COFFEE OAKLAND CA,-5.75\n';
  const up = await request.post('/api/v1/wallet/imports', {
    headers,
    multipart: { file: { name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(file) } },
  });
  expect(up.status()).toBe(201);
  expect(
    (await request.post(`/api/v1/wallet/imports/${(await up.json()).data.id}/commit`, { headers, data: {} })).status(),
  ).toBe(200);

  await logIn(page, email, password);
  await page.goto(WALLET);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await expect(row(page, 'Blue Bottle Coffee')).toBeVisible();
  const costco = row(page, 'Costco');
  await expect(costco).toContainText('Uncategorized');
  await expect(costco).not.toContainText('WHSE');

  // The edit: the bank's words read-only, "Split", two parts, what is left to split as it is typed.
  await costco.getByRole('button', { name: /^Edit Costco/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit “Costco/ });
  await expect(dialog.getByText('Bank’s description: COSTCO WHSE #0482 SAN JOSE CA')).toBeVisible();
  await dialog.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(dialog.getByLabel('Amount of part 1')).toBeFocused();
  await expect(dialog.getByText('Left to split: $120.50')).toBeVisible();
  await page.keyboard.type('80.25');
  await dialog.getByLabel('Category of part 1').selectOption('Groceries');
  await dialog.getByLabel('Category of part 2').selectOption('Household');
  await dialog.getByLabel('Amount of part 2').fill('30');
  await expect(dialog.getByText('Left to split: $10.25')).toBeVisible();
  // A third part, added and removed by keyboard.
  await dialog.getByRole('button', { name: 'Add a part' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Category of part 3')).toBeFocused();
  await expect(dialog.getByLabel('Amount of part 3')).toHaveValue('$10.25');
  await expect(dialog.getByText('Left to split: $0.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove part 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Category of part 3')).toHaveCount(0);
  // Saved while $10.25 is left: the server's sum check on the split, in words.
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('The parts add up to $110.25: $10.25 less than the amount')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'splits-1-left-to-split');
  await dialog.getByLabel('Amount of part 2').clear();
  await dialog.getByLabel('Amount of part 2').fill('40.25');
  await expect(dialog.getByText(/^The parts add up to/)).toHaveCount(0);
  await expect(dialog.getByText('Left to split: $0.00')).toBeVisible();

  // Tags: typed, a comma and Enter each make a chip; Backspace takes the last one back.
  const tags = dialog.getByLabel('Tags (optional)');
  await tags.fill('Costco run,');
  await tags.pressSequentially('bulk');
  await tags.press('Enter');
  await tags.pressSequentially('oops');
  await tags.press('Enter');
  const chips = dialog.getByRole('list', { name: 'Tags' }).getByRole('listitem');
  await expect(chips).toHaveText(['Costco run×', 'bulk×', 'oops×']);
  await dialog.getByRole('button', { name: 'Remove tag oops' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips).toHaveText(['Costco run×', 'bulk×']);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'splits-2-split-and-tagged');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  // The row: split, its parts' categories, its tags; the month counts each part in its own category.
  await expect(costco).toContainText('Split: Groceries, Household');
  await expect(costco.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['bulk', 'Costco run']);
  await expect(bar(page, 'Groceries')).toContainText('$80.25 of $400.00');
  await expect(bar(page, 'Household')).toContainText('$40.25 of $100.00');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'splits-3-row');

  // Filtered by its tag, only it; by the category of one of its parts, it too.
  await transactions(page).getByLabel('Tag', { exact: true }).selectOption('bulk');
  await expect(rows(page)).toHaveCount(1);
  await expect(costco).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'splits-4-filtered-by-tag');
  // Downloaded with the filter: the split is a line per part, in the layout other apps import.
  const [downloaded] = await Promise.all([
    page.waitForEvent('download'),
    transactions(page).getByRole('button', { name: 'Download CSV of these transactions' }).click(),
  ]);
  expect(downloaded.suggestedFilename()).toMatch(/^helo-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await downloaded.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Date,Account,Payee,Category,Amount,Notes,Tags');
  expect(csv.slice(1).map((l) => l.split(',').slice(3, 5).join(' '))).toEqual(['Groceries -80.25', 'Household -40.25']);
  await transactions(page).getByLabel('Tag', { exact: true }).selectOption('');
  await transactions(page).getByLabel('Category', { exact: true }).selectOption('Household');
  await expect(rows(page)).toHaveCount(1);
  await expect(costco).toBeVisible();
  // The bank's words find it too.
  await transactions(page).getByLabel('Category', { exact: true }).selectOption('');
  await transactions(page).getByLabel('Search').fill('oakland');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Blue Bottle Coffee')).toBeVisible();
});
