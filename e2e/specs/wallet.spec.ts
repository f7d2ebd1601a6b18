import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

const WALLET = '/dashboard/my-wallet';
const BUDGET = '/dashboard/my-budget';

/** This month as the app counts months (New York), 'YYYY-MM'. */
function thisMonth(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

/** The transactions list's row of a payee. */
const row = (page: Page, payee: string): Locator =>
  page.getByRole('region', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: payee });

/** The spending bar of a category: its name and its figures in words. */
const bar = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: /^Spending by category/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function addTransaction(
  page: Page,
  t: { payee: string; amount: string; direction?: 'Money out' | 'Money in'; category?: string; note?: string },
) {
  await page.getByRole('button', { name: 'Add a transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a transaction' });
  await dialog.getByLabel('Payee').fill(t.payee);
  if (t.direction) await dialog.getByRole('radio', { name: t.direction }).check();
  await dialog.getByLabel('Amount').fill(t.amount);
  if (t.category) await dialog.getByLabel('Category').selectOption(t.category);
  if (t.note) await dialog.getByLabel('Note (optional)').fill(t.note);
  await dialog.getByRole('button', { name: 'Add transaction' }).click();
  await expect(dialog).toBeHidden();
  // Back on the button that opened it.
  await expect(page.getByRole('button', { name: 'Add a transaction' })).toBeFocused();
}

test('the Wallet records spending against the budget, finds, edits and deletes it, and the budget shows it spent', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a long journey with an axe scan at every step
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  const month = thisMonth();

  // Before activation My Wallet is what it does and Activate.
  await page.goto(WALLET);
  const intro = page.getByRole('region', { name: 'My Wallet' });
  await expect(intro.getByText('No real money moves')).toBeVisible();
  await intro.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeFocused();
  await expect(page.getByText('Wallet balance')).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('$0.00');

  // Income recorded in the Nest (no rules: all of it to the Wallet), and this month's budget.
  const headers = await authHeaders(request, email, password);
  const deposit = await request.post('/api/v1/nest/deposits', {
    headers,
    data: { amount: 2_000, date: `${month}-01`, source: 'Paycheck' },
  });
  expect(deposit.status()).toBe(201);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month,
      net_income: 4_000,
      categories: [
        { name: 'Groceries', group: 'needs', planned: 400 },
        { name: 'Dining out', group: 'wants', planned: 150 },
      ],
    },
  });
  expect(budget.status()).toBe(201);

  await page.reload();
  await expect(page.getByText('No real money moves.')).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('$2,000.00');
  await expect(bar(page, 'Groceries')).toContainText('$0.00 of $400.00');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  await expectAccessible(page);

  // Spending in a budget category, a coffee, and a refund (money in, no minus typed anywhere).
  await addTransaction(page, { payee: 'Fresh Market', amount: '84.25', category: 'Groceries', note: 'weekly shop' });
  await expect(page.getByText('Transaction added').first()).toBeVisible();
  await addTransaction(page, { payee: 'Corner Café', amount: '12.4', category: 'Dining out' });
  await addTransaction(page, { payee: 'Tax refund', amount: '300', direction: 'Money in' });

  await expect(page.getByRole('definition').first()).toHaveText('$2,203.35');
  await expect(row(page, 'Fresh Market')).toContainText('−$84.25');
  await expect(row(page, 'Fresh Market')).toContainText('Groceries');
  await expect(row(page, 'Tax refund')).toContainText('+$300.00');
  // Newest first: added last, listed first (all on the same day).
  await expect(page.getByRole('region', { name: 'Transactions' }).getByRole('listitem').first()).toContainText(
    'Tax refund',
  );
  await expect(bar(page, 'Groceries')).toContainText('$84.25 of $400.00');
  await expect(bar(page, 'Dining out')).toContainText('$12.40 of $150.00');
  const spending = page.getByRole('region', { name: 'Spending' });
  await expect(spending.getByRole('definition')).toHaveText(['$96.65', '$550.00', '$300.00']);

  // The same figures as a table.
  await spending.getByRole('button', { name: 'Show as a table' }).click();
  const table = spending.getByRole('table', { name: /^Planned, spent and left/ });
  await expect(table.getByRole('row', { name: /^Groceries/ }).getByRole('cell')).toHaveText([
    '$400.00',
    '$84.25',
    '$315.75',
  ]);
  await expect(spending.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-1-spending');

  // Edit: the amount, saved from the version read; the bar and the table follow.
  await row(page, 'Fresh Market').getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “Fresh Market”' });
  await expect(edit.getByRole('radio', { name: 'Money out' })).toBeChecked();
  await expect(edit.getByLabel('Category')).toHaveValue('Groceries');
  await edit.getByLabel('Amount').fill('90.5');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-2-edit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, 'Fresh Market').getByRole('button', { name: /^Edit/ })).toBeFocused();
  await expect(row(page, 'Fresh Market')).toContainText('−$90.50');
  await expect(bar(page, 'Groceries')).toContainText('$90.50 of $400.00');
  await expect(table.getByRole('row', { name: /^Groceries/ }).getByRole('cell')).toHaveText([
    '$400.00',
    '$90.50',
    '$309.50',
  ]);

  // A refused field is said on it.
  await row(page, 'Corner Café').getByRole('button', { name: /^Edit/ }).click();
  const cafe = page.getByRole('dialog', { name: 'Edit “Corner Café”' });
  await cafe.getByLabel('Payee').fill(' ');
  await cafe.getByRole('button', { name: 'Save changes' }).click();
  await expect(cafe.getByLabel('Payee')).toHaveAccessibleDescription(/Payee/);
  await cafe.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'Corner Café').getByRole('button', { name: /^Edit/ })).toBeFocused();

  // Search (the payee or the note, any case) and the category filter.
  const transactions = page.getByRole('region', { name: 'Transactions' });
  const items = transactions.getByRole('listitem');
  await transactions.getByLabel('Search').fill('WEEKLY');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Fresh Market');
  await transactions.getByLabel('Search').fill('nothing like this');
  await expect(transactions.getByText('No transactions match.')).toBeVisible();
  await transactions.getByLabel('Search').fill('');
  await expect(items).toHaveCount(3);
  await transactions.getByLabel('Category').selectOption('Uncategorized');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Tax refund');
  await transactions.getByLabel('Category').selectOption('Dining out');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Corner Café');
  await transactions.getByLabel('Category').selectOption('');
  await transactions.getByLabel('From').fill('2000-01-01');
  await transactions.getByLabel('To').fill('2000-12-31');
  await expect(transactions.getByText('No transactions match.')).toBeVisible();
  await transactions.getByLabel('From').fill('');
  await transactions.getByLabel('To').fill('');
  await expect(items).toHaveCount(3);

  // Delete, confirmed; the balance and the bar give it back.
  await row(page, 'Fresh Market')
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Fresh Market”?' });
  await expect(confirm).toContainText('−$90.50');
  await confirm.getByRole('button', { name: 'Delete transaction' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Transaction deleted').first()).toBeVisible();
  await expect(row(page, 'Fresh Market')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a transaction' })).toBeFocused();
  await expect(page.getByRole('definition').first()).toHaveText('$2,287.60');
  await expect(bar(page, 'Groceries')).toContainText('$0.00 of $400.00');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-3-after-delete');

  // The month before has no budget: a link to build one.
  await spending.getByRole('button', { name: 'Previous month' }).click();
  await expect(spending.getByRole('link', { name: 'Build a budget' })).toHaveAttribute('href', BUDGET);
  await expect(spending.getByText(/^Nothing spent in/)).toBeVisible();
  await expect(spending.getByRole('list', { name: /^Spending by category/ })).toHaveCount(0);
  await spending.getByRole('button', { name: 'Next month' }).click();
  await expect(bar(page, 'Dining out')).toContainText('$12.40 of $150.00');

  // The budget's own page: what was spent beside what was planned.
  await page.goto(BUDGET);
  await expect(page.getByRole('heading', { level: 1, name: 'My Budget' })).toBeVisible();
  const categories = page.getByRole('region', { name: 'Income and categories' });
  const budgetRow = (name: string) =>
    categories.getByRole('row').filter({ has: page.getByRole('textbox', { name: `Name of ${name}` }) });
  // A wide screen names the column in its header; a phone, which hides the headers, in each row.
  const phone = (page.viewportSize()?.width ?? 1280) < 640;
  if (!phone) await expect(categories.getByRole('columnheader', { name: 'Spent' })).toBeVisible();
  await expect(budgetRow('Dining out')).toContainText(phone ? 'Spent $12.40' : '$12.40');
  await expect(budgetRow('Groceries')).toContainText(phone ? 'Spent $0.00' : '$0.00');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-4-budget-spent');
  // Planned below what was spent: the row says, in words, by how much it is over.
  await expect(budgetRow('Dining out')).not.toContainText('Over by');
  // As a person edits an amount: click into it, select what is there, type the new one.
  const planned = budgetRow('Dining out').getByRole('textbox', { name: 'Planned for Dining out' });
  await planned.click();
  await planned.press('ControlOrMeta+a');
  await planned.pressSequentially('10');
  await expect(budgetRow('Dining out')).toContainText('Over by $2.40');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-5-budget-over');
});

test('without the Nest the Budget page has no Spent column', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: { month: thisMonth(), net_income: 3_000, categories: [{ name: 'Groceries', group: 'needs', planned: 300 }] },
  });
  expect(budget.status()).toBe(201);
  await logIn(page, email, password);
  await page.goto(BUDGET);
  const categories = page.getByRole('region', { name: 'Income and categories' });
  await expect(categories.getByRole('textbox', { name: 'Name of Groceries' })).toBeVisible();
  await expect(categories.getByText('Spent')).toHaveCount(0);
});

test('the transactions come 50 at a time: scrolling to the end or Load more brings the rest', async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const month = thisMonth();
  for (let i = 1; i <= 53; i += 1) {
    const day = `${month}-${String((i % 20) + 1).padStart(2, '0')}`;
    const res = await request.post('/api/v1/wallet/transactions', {
      headers,
      data: { date: day, payee: `Shop ${i}`, amount: -i },
    });
    expect(res.status()).toBe(201);
  }
  await logIn(page, email, password);
  await page.goto(WALLET);
  const items = page.getByRole('region', { name: 'Transactions' }).getByRole('listitem');
  await expect(items).toHaveCount(50);
  // Scrolled into view, the end of the list loads the next page by itself.
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(53);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // The button does the same from the keyboard.
  await page.reload();
  await expect(items).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(53);
  await expect(page.getByRole('status').filter({ hasText: '53 transactions' })).toBeAttached();
});
