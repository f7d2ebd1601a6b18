import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

interface RowValues {
  initial: string;
  balance: string;
  payment: string;
  rate: string;
  due: string;
}

async function fillRow(row: Locator, v: RowValues) {
  await row.getByLabel('Initial loan amount').fill(v.initial);
  await row.getByLabel('Outstanding balance').fill(v.balance);
  await row.getByLabel('Monthly payment').fill(v.payment);
  await row.getByLabel('Interest rate (%)').fill(v.rate);
  await row.getByLabel('Next payment date').fill(v.due);
}

/** Counts the saves the page sends, to prove that a refused form sends nothing. */
function countSaves(page: Page) {
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/user-debts') && r.method() !== 'GET') saves.push(r.postData() ?? '');
  });
  return saves;
}

// Next payment dates in the coming month, so the figures hold whenever the test runs.
const now = new Date();
const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
const dueDay = (day: number) =>
  `${nextMonth.getFullYear()}-${String(nextMonth.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const dayLabel = (day: number) =>
  new Date(nextMonth.getFullYear(), nextMonth.getMonth(), day).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
const firstMonthLabel = nextMonth.toLocaleDateString('en-US', { month: 'short', year: 'numeric' });

/** Nothing wider than the screen: a phone user never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const card = (page: Page, name: string) => page.getByTestId('debt-card').filter({ hasText: name });

test('a new user sets up three loans, reads My Loans, edits them and plans the payoff', async ({
  page,
  request,
}, testInfo) => {
  // The whole journey in one test, with six axe scans and full-page screenshots: it needs more than
  // the default minute on a busy 2-core machine (it took 70 s once under load, 25 s usually).
  test.slow();
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  const saves = countSaves(page);

  // No loans yet: My Loans sends the user to the setup flow.
  await page.goto('/dashboard/my-loans');
  await expect(page).toHaveURL(/\/loan-payments$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What current debts and loans do you have?' }),
  ).toBeVisible();
  // Signed in, the shared header offers the way back instead of Log In and Sign Up.
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link')).toHaveText(['My dashboard']);
  for (const name of ['Auto loan', 'Credit card', 'Student loan']) {
    const tile = page.getByRole('button', { name, exact: true });
    await tile.click();
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByRole('button', { name: 'Mortgage', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loans-setup-select');
  await page.getByRole('button', { name: 'Add Loans' }).click();

  const rows = page.locator('fieldset[data-testid^="debt-row-"]');
  await expect(rows).toHaveCount(3);
  await fillRow(page.getByTestId('debt-row-1'), {
    initial: '25000',
    balance: '18250.50',
    payment: '450',
    rate: '6.25',
    due: dueDay(5),
  });
  await fillRow(page.getByTestId('debt-row-2'), {
    initial: '5000',
    balance: '3200.99',
    payment: '120',
    rate: '22.99',
    due: dueDay(15),
  });
  await fillRow(page.getByTestId('debt-row-3'), {
    initial: '40000',
    balance: '30000',
    payment: '350',
    rate: '5.5',
    due: dueDay(20),
  });
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'loans-setup-table');
  await page.getByRole('button', { name: 'Save my loans' }).click();

  // My Loans: a card per loan with the spec's figures.
  await expect(page).toHaveURL(/\/dashboard\/my-loans$/);
  await expect(page.getByText('Your debts are saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Loans' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Loan pay account', 'Transactions', 'Learn more']);
  await expect(page.getByTestId('debt-card')).toHaveCount(3);
  const auto = card(page, 'Auto loan');
  await expect(auto.getByText('Remaining balance')).toBeVisible();
  await expect(auto).toContainText('$18,250.50');
  await expect(auto).toContainText(dayLabel(5));
  await expect(auto).toContainText('$450.00');
  // Interest: $18,250.50 × 6.25 % ÷ 12 = $95.05; principal: $450.00 − $95.05 = $354.95.
  await expect(auto.getByText('Interest', { exact: true }).locator('..')).toContainText('$95.05');
  await expect(auto.getByText('Principal', { exact: true }).locator('..')).toContainText('$354.95');

  // The comparison panel starts from the sums and the average rate: (6.25 + 22.99 + 5.5) ÷ 3 = 11.58.
  const comparison = page.getByRole('region', { name: 'Pay every two weeks' });
  await expect(comparison.getByLabel('Loan balance')).toHaveValue('$51,451.49');
  await expect(comparison.getByLabel('Monthly payment')).toHaveValue('$920.00');
  await expect(comparison.getByLabel('Interest rate (%)')).toHaveValue('11.58');
  await expect(comparison.getByText('Projected estimate, not financial advice.')).toBeVisible();
  await expect(comparison.getByText(/less interest/)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'my-loans-overview');
  // $51,451.49 at 11.58 % accrues $496.51 a month: $100 never pays it off.
  await comparison.getByLabel('Monthly payment').fill('100');
  await comparison.getByLabel('Monthly payment').blur();
  await expect(comparison.getByText('Payment too low to pay off the loan.').first()).toBeVisible();
  await comparison.getByLabel('Interest rate (%)').fill('9%');
  await expect(comparison.getByLabel('Interest rate (%)')).toHaveValue('9');

  // Edit: an accessible dialog starting from the saved list.
  const savesBeforeEdit = saves.length;
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  // The dialog is named by its step's title.
  await expect(page.getByRole('dialog', { name: 'What current debts and loans do you have?' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Credit card', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await dialog.getByRole('button', { name: 'Add Loans' }).click();
  await expect(dialog.getByRole('heading', { name: 'Tell us about each loan' })).toBeVisible();
  await expect(dialog.locator('fieldset[data-testid^="debt-row-"]')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Add a row' }).click();
  await dialog.getByTestId('debt-row-2').getByLabel('Interest rate (%)').fill('');
  await dialog.getByRole('button', { name: 'Update' }).click();
  const missingToast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Please fill all the fields for row(s) 2, 4' });
  await expect(missingToast).toBeVisible();
  await expect(dialog.getByTestId('debt-row-2').getByText('Required')).toBeVisible();
  // Screen readers hear it from inside the dialog too (outside it is hidden from them while open).
  await expect(dialog.getByRole('status')).toHaveText('Please fill all the fields for row(s) 2, 4');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'my-loans-edit-errors');
  expect(saves.length).toBe(savesBeforeEdit);
  // The toast lasts 2000 ms.
  await expect(missingToast).toBeHidden({ timeout: 5_000 });

  // Fix and save: the rate's '%' is stripped, the blank row deleted, a balance changed.
  await dialog.getByRole('button', { name: 'Delete row 4' }).click();
  await dialog.getByTestId('debt-row-2').getByLabel('Interest rate (%)').fill('19.99%');
  // Tabbing into a filled amount selects it, so typing replaces it (as in any text field).
  await dialog.getByTestId('debt-row-1').getByLabel('Initial loan amount').focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('debt-row-1').getByLabel('Outstanding balance')).toBeFocused();
  await page.keyboard.type('18000');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your debts are saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(saves.length).toBe(savesBeforeEdit + 1);
  const sent = JSON.parse(saves.at(-1) ?? '{}');
  expect(sent.debts).toHaveLength(3);
  expect(sent.debts[0]).toMatchObject({
    debt_id: 1,
    outstanding_balance: 18000,
    interest_rate: 6.25,
    due_date: dueDay(5),
  });
  expect(sent.debts[1]).toMatchObject({ debt_id: 4, interest_rate: 19.99 });
  await expect(auto).toContainText('$18,000.00');
  await expect(card(page, 'Credit card')).toContainText('19.99 %');

  // Escape closes the dialog; the overlay does too, clicks inside do not.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('heading').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByTestId('modal-overlay').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();

  // A payoff plan: three orders compared, with an extra $200 a month.
  const plans = page.getByRole('region', { name: 'Payoff plans' });
  await expect(plans.getByText(/Minimum payments only: debt-free by/)).toBeVisible();
  await plans.getByLabel('Extra each month').fill('200');
  await plans.getByLabel('Extra each month').blur();
  await plans.getByRole('radio', { name: 'Smallest balance first' }).check();
  await expect(plans.getByRole('heading', { name: 'Smallest balance first: balances over time' })).toBeVisible();
  await expect(plans.getByText('Debt-free by', { exact: true })).toHaveCount(3);
  await expect(plans.getByText(/^Paid off [A-Z][a-z]{2} \d{4}$/)).toHaveCount(3);
  await plans.getByText(/Month-by-month schedule/).click();
  const schedule = plans.getByRole('region', { name: 'Payoff schedule' });
  await expect(schedule.getByRole('columnheader', { name: 'Credit card balance' })).toBeVisible();
  await expect(schedule.getByRole('row').nth(1)).toContainText(firstMonthLabel);
  const download = page.waitForEvent('download');
  await plans.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toContain('Month,Date,Auto loan payment,Auto loan interest,Auto loan balance');
  expect(lines[1]?.startsWith(`1,${firstMonthLabel},`)).toBe(true);
  expect(lines.at(-1)).toMatch(/,0\.00$/);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'my-loans-payoff-plan');

  // Your own order: move a loan up, see the plan follow, and save the order as the list's order.
  await plans.getByRole('radio', { name: 'Your order' }).check();
  const yourOrder = plans.getByRole('list', { name: 'Your order' });
  await expect(yourOrder.getByRole('listitem')).toHaveText([/Auto loan/, /Credit card/, /Student loan/]);
  await yourOrder.getByRole('button', { name: 'Move Student loan up' }).click();
  await yourOrder.getByRole('button', { name: 'Move Student loan up' }).click();
  await expect(yourOrder.getByRole('listitem')).toHaveText([/Student loan/, /Auto loan/, /Credit card/]);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'my-loans-your-order');
  await plans.getByRole('button', { name: 'Save this order' }).click();
  await expect(page.getByTestId('debt-card').first()).toContainText('Student loan');
  await expect(plans.getByRole('button', { name: 'Save this order' })).toBeHidden();

  // The tabs are real tabs: the arrow keys move between them; Learn more links to the article.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Loan pay account' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Learn more' }).click();
  await expect(page.getByRole('heading', { name: 'About Automated Loan Payments' })).toBeVisible();
  const indicator = page.getByTestId('tab-indicator');
  const learnBox = await page.getByRole('tab', { name: 'Learn more' }).boundingBox();
  await expect
    .poll(async () => Math.round((await indicator.boundingBox())?.x ?? -1))
    .toBe(Math.round(learnBox?.x ?? 0));
  await page.getByRole('link', { name: 'More info' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help-center\/loan-payments$/);

  // The help menu of My Loans points at the loan payments article.
  await page.goto('/dashboard/my-loans');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.locator('#help-menu').getByRole('link', { name: 'Help with this page' })).toHaveAttribute(
    'href',
    '/dashboard/help-center/loan-payments',
  );
});

test('the setup page sends a signed-out visitor to log in and back', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await page.goto('/loan-payments');
  await expect(page).toHaveURL(/\/login\?next=%2Floan-payments$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/loan-payments$/);
  await expect(page.getByRole('heading', { name: 'What current debts and loans do you have?' })).toBeVisible();
});
