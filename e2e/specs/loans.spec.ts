import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

interface RowValues {
  initial: string;
  balance: string;
  payment: string;
  rate: string;
  due: string;
}

async function fillRow(row: Locator, v: RowValues) {
  // A credit card asks for its credit limit (issue 25), every other loan for its initial amount.
  await row.getByLabel(/^(Initial loan amount|Credit limit)$/).fill(v.initial);
  await row.getByLabel('Outstanding balance').fill(v.balance);
  await row.getByLabel('Monthly payment').fill(v.payment);
  await row.getByLabel('Interest rate (%)').fill(v.rate);
  await row.getByLabel('Next payment date').fill(v.due);
}

/** Records the saves the page sends, to prove that a refused form sends nothing and what a save sends. */
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

// The three loans of the setup test, as its form is filled in and as the API saves them.
const AUTO = { initial: '25000', balance: '18250.50', payment: '450', rate: '6.25', due: dueDay(5) };
const CARD = { initial: '5000', balance: '3200.99', payment: '120', rate: '22.99', due: dueDay(15) };
const STUDENT = { initial: '40000', balance: '30000', payment: '350', rate: '5.5', due: dueDay(20) };
const THREE_LOANS: [string, RowValues][] = [
  ['Auto loans', AUTO],
  ['Credit cards', CARD],
  ['Student loans', STUDENT],
];

interface SavedLoan {
  id: string;
  version: number;
  debt: { debt_name: string };
}

/**
 * A verified user signed in on `page` whose three loans (the setup test's) were saved through the
 * API, on My Loans. Returns the saved loans, ids and all.
 */
async function signedInWithThreeLoans(page: Page, request: APIRequestContext): Promise<SavedLoan[]> {
  const { email, password } = await createVerifiedAccount(request);
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  const token = (await login.json()).data.access_token as string;
  const catalogue = (await (await request.get('/api/v1/debts')).json()).data as { id: number; debt_name: string }[];
  const debts = THREE_LOANS.map(([type, v]) => ({
    debt_id: catalogue.find((d) => d.debt_name === type)?.id,
    initial_loan_amount: Number(v.initial),
    outstanding_balance: Number(v.balance),
    monthly_payment_amount: Number(v.payment),
    interest_rate: Number(v.rate),
    due_date: v.due,
  }));
  const saved = await request.put('/api/v1/user-debts', {
    headers: { authorization: `Bearer ${token}` },
    data: { debts },
  });
  expect(saved.status()).toBe(200);
  await logIn(page, email, password);
  await page.goto('/dashboard/my-loans');
  await expect(page.getByTestId('debt-card')).toHaveCount(3);
  return (await saved.json()).data;
}

/** Opens the edit dialog and goes on to its second step, the rows. */
async function openEditRows(page: Page) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Loans' }).click();
  await expect(dialog.getByRole('heading', { name: 'Tell us about each loan' })).toBeVisible();
  return dialog;
}

test('a new user without loans is sent to the setup, picks three types and saves a row for each', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

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

  await expect(page.locator('fieldset[data-testid^="debt-row-"]')).toHaveCount(3);
  await fillRow(page.getByTestId('debt-row-1'), AUTO);
  await fillRow(page.getByTestId('debt-row-2'), CARD);
  await fillRow(page.getByTestId('debt-row-3'), STUDENT);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'loans-setup-table');
  await page.getByRole('button', { name: 'Save my loans' }).click();

  await expect(page).toHaveURL(/\/dashboard\/my-loans$/);
  await expect(page.getByText('Your debts are saved')).toBeVisible();
  await expect(page.getByTestId('debt-card')).toHaveCount(3);
  await expect(card(page, 'Credit card')).toContainText('$3,200.99');
});

test("My Loans shows each loan's figures and compares paying every two weeks", async ({ page, request }, testInfo) => {
  await signedInWithThreeLoans(page, request);
  await expect(page.getByRole('heading', { level: 1, name: 'My Loans' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Loan pay account', 'Transactions', 'Learn more']);
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
  await expect(comparison.getByText(/^Debt-free about .+ less interest\.$/)).toBeVisible();
  // The figures change at every keystroke, so they are no live region: one summary is read out once typing stops.
  const announced = comparison.getByRole('status');
  await expect(announced).toHaveText(
    /^Monthly payments: paid off in .+ Every two weeks: paid off in .+ less interest\.$/,
  );
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'my-loans-overview');
  // $51,451.49 at 11.58 % accrues $496.51 a month: $100 never pays it off.
  await comparison.getByLabel('Monthly payment').fill('100');
  await comparison.getByLabel('Monthly payment').blur();
  await expect(comparison.getByText('Payment too low to pay off the loan.').first()).toBeVisible();
  await expect(announced).toHaveText(
    'Monthly payments: Payment too low to pay off the loan. Every two weeks: Payment too low to pay off the loan.',
  );
  await comparison.getByLabel('Interest rate (%)').fill('9%');
  await expect(comparison.getByLabel('Interest rate (%)')).toHaveValue('9');
});

test("a card's Edit opens that loan's own form: an unreadable amount is refused, a passed date is rolled and said (issue 25)", async ({
  page,
  request,
}, testInfo) => {
  const saved = await signedInWithThreeLoans(page, request);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/api\/v1\/user-debts\/[0-9a-f-]+$/.test(r.url())) puts.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Edit Credit card (loan 2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Credit card' });
  // Only this loan, and a card's first amount is its credit limit.
  // The dialog puts the focus in its first field, which then shows the amount as it is typed.
  await expect(dialog.getByLabel('Credit limit')).toBeFocused();
  await expect(dialog.getByLabel('Credit limit')).toHaveValue('$5,000');
  await expect(dialog.getByLabel('Initial loan amount')).toHaveCount(0);

  // "12,34.5" is not read as $1,234.50: the field says so and nothing is sent.
  const balance = dialog.getByLabel('Outstanding balance');
  await balance.fill('');
  await balance.pressSequentially('12,34.5');
  await balance.blur();
  await expect(balance).toHaveValue('$12,34.5');
  await expect(balance).toHaveAccessibleDescription('Check this amount');
  await dialog.getByRole('button', { name: 'Save loan' }).click();
  await expect(balance).toHaveAccessibleDescription('Check this amount');
  expect(puts).toEqual([]);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-edit-check-amount');

  // Thousands separators where they belong are an amount; a date that has passed says what it becomes.
  await balance.fill('3,100.50');
  await balance.blur();
  await expect(balance).toHaveValue('$3,100.50');
  const today = new Date();
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const label = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const passed = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const rolled = today.getDate() === 1 ? today : new Date(today.getFullYear(), today.getMonth() + 1, 1);
  await dialog.getByLabel('Next payment date').fill(iso(passed));
  await expect(dialog.getByText(`This day has passed: it will be saved as ${label(rolled)}.`)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save loan' }).click();
  await expect(
    page.getByText(`Loan saved. ${label(passed)} has passed, so the next payment date is saved as ${label(rolled)}.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(1);
  expect(JSON.parse(puts[0] ?? '{}')).toMatchObject({ outstanding_balance: 3100.5, version: saved[1]?.version });
  const creditCard = card(page, 'Credit card');
  await expect(creditCard).toContainText('$3,100.50');
  await expect(creditCard).toContainText(label(rolled));
  await expect(creditCard.getByText('Credit limit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Credit card (loan 2)' })).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-edit-rolled-saved');
});

test('a loan keeps its lender or nickname on its card and in its own form, and the extra each month is there on the next visit (issue 25)', async ({
  page,
  request,
}, testInfo) => {
  const saved = await signedInWithThreeLoans(page, request);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/api\/v1\/user-debts\/[0-9a-f-]+$/.test(r.url())) puts.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Edit Credit card (loan 2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Credit card' });
  const nickname = dialog.getByLabel('Lender or nickname (optional)');
  await expect(nickname).toHaveValue('');
  await expect(nickname).toHaveAccessibleDescription("Shown on this loan's card, like “Chase” or “Dad's car”.");
  // At most 40 characters: the field takes no more.
  await nickname.fill('x'.repeat(45));
  await expect(nickname).toHaveValue('x'.repeat(40));
  await nickname.fill('  Chase Sapphire ');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-nickname-edit');
  await dialog.getByRole('button', { name: 'Save loan' }).click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse(puts[0] ?? '{}')).toMatchObject({ nickname: 'Chase Sapphire', version: saved[1]?.version });
  const chase = page.getByRole('article', { name: 'Credit card Chase Sapphire' });
  await expect(chase.getByText('Chase Sapphire', { exact: true })).toBeVisible();
  // The other loans have none.
  await expect(page.getByRole('article', { name: 'Auto loan', exact: true })).toBeVisible();
  // The plans name it too.
  const plans = page.getByRole('region', { name: 'Payoff plans' });
  await expect(plans.getByText('Credit card (Chase Sapphire)').first()).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-nickname-card');

  // The extra each month is kept as it is typed, and there on the next visit.
  const extra = plans.getByLabel('Extra each month');
  await expect(extra).toHaveValue('$0.00');
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/v1/loan-plan') && r.request().method() === 'PUT');
  await extra.fill('250');
  await extra.blur();
  expect((await kept).status()).toBe(200);
  await expect(plans.getByRole('status').filter({ hasText: 'Saved for your next visit.' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-extra-kept');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payoff plans' }).getByLabel('Extra each month')).toHaveValue(
    '$250.00',
  );
  await expect(page.getByRole('article', { name: 'Credit card Chase Sapphire' })).toBeVisible();

  // Its own form shows the name, and emptying the field takes it off the card.
  await page.getByRole('button', { name: 'Edit Credit card (loan 2)' }).click();
  await expect(dialog.getByLabel('Lender or nickname (optional)')).toHaveValue('Chase Sapphire');
  await expect(dialog).toHaveAccessibleName('Edit Credit card (Chase Sapphire)');
  await dialog.getByLabel('Lender or nickname (optional)').fill('');
  await dialog.getByRole('button', { name: 'Save loan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Credit card', exact: true })).toBeVisible();
  await expect(page.getByText('Chase Sapphire')).toHaveCount(0);
});

test('the two-week comparison shows each loan and their exact sum, which the payoff plans agree with (issue 25)', async ({
  page,
  request,
}, testInfo) => {
  await signedInWithThreeLoans(page, request);
  const comparison = page.getByRole('region', { name: 'Pay every two weeks' });
  const rate = comparison.getByLabel('Interest rate (%)');
  await expect(rate).toHaveAccessibleDescription("The plain average of your loans' rates is 11.58 %.");
  // Weighted by balance: (18,250.50 × 6.25 + 3,200.99 × 22.99 + 30,000 × 5.5) ÷ 51,451.49 = 6.85 %.
  await expect(comparison.getByText(/Weighted by what you owe on each loan, the average is 6.85 %/)).toBeVisible();
  await comparison.getByRole('button', { name: 'Use 6.85 %' }).click();
  await expect(rate).toHaveValue('6.85');
  await comparison.getByRole('button', { name: 'Use the plain average (11.58 %)' }).click();
  await expect(rate).toHaveValue('11.58');

  const byLoan = comparison.getByRole('region', { name: 'Every two weeks, loan by loan' });
  await expect(byLoan.getByRole('row')).toHaveCount(5);
  const total = byLoan.getByRole('row', { name: /All loans/ });
  const cells = await total.getByRole('cell').allTextContents();
  // Monthly, loan by loan, is the payoff plans' "minimum payments only": the same interest to the cent.
  const plans = page.getByRole('region', { name: 'Payoff plans' });
  await expect(plans.getByText(/Minimum payments only: debt-free by/)).toContainText(`with ${cells[1]} of interest`);
  const money = (text: string | undefined) => Number((text ?? '').replace(/[$,]/g, ''));
  expect(money(cells[3])).toBeLessThan(money(cells[1]));
  await expect(
    comparison.getByText(/^Loan by loan, paying every two weeks saves \$[\d,.]+ of interest\.$/),
  ).toBeVisible();
  await byLoan.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'two-week-by-loan');
});

test("the edit dialog starts from the saved list and refuses empty fields with the spec's toast, sending nothing", async ({
  page,
  request,
}, testInfo) => {
  await signedInWithThreeLoans(page, request);
  const saves = countSaves(page);
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
  expect(saves).toEqual([]);
  // The toast lasts 2000 ms.
  await expect(missingToast).toBeHidden({ timeout: 5_000 });
});

test('an edit saves the fixed list and every loan keeps its id', async ({ page, request }) => {
  const loans = await signedInWithThreeLoans(page, request);
  const saves = countSaves(page);
  const dialog = await openEditRows(page);
  await dialog.getByRole('button', { name: 'Add a row' }).click();

  // The rate's '%' is stripped, the blank row deleted, a balance changed.
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

  expect(saves).toHaveLength(1);
  const sent = JSON.parse(saves[0] ?? '{}');
  expect(sent.debts).toHaveLength(3);
  expect(sent.debts[0]).toMatchObject({
    id: loans[0]?.id,
    version: 1,
    debt_id: 1,
    outstanding_balance: 18000,
    interest_rate: 6.25,
    due_date: dueDay(5),
  });
  expect(sent.debts[1]).toMatchObject({ id: loans[1]?.id, debt_id: 4, interest_rate: 19.99 });
  expect(sent.based_on).toEqual(loans.map(({ id, version }) => ({ id, version })));
  await expect(card(page, 'Auto loan')).toContainText('$18,000.00');
  await expect(card(page, 'Credit card')).toContainText('19.99 %');
});

test("the loan type dropdown has the spec's sizes: a 60 px control, a list at most 460 px, 8 px corners, 16 px text", async ({
  page,
  request,
}) => {
  // The setup page's editor (the dialog's, on a page): in the dialog react-select shortens the list to
  // the room left in it, which would hide the cap.
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/loan-payments');
  await page.getByRole('button', { name: 'Auto loan', exact: true }).click();
  await page.getByRole('button', { name: 'Add Loans' }).click();
  const row = page.getByTestId('debt-row-1');
  // react-select draws the box around its input; `classNamePrefix="dropdown"` names its parts.
  const control = row.locator('.dropdown__control');
  expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(60);
  const looks = (el: Element) => {
    const s = getComputedStyle(el);
    return { corners: s.borderTopLeftRadius, text: s.fontSize };
  };
  expect(await control.evaluate(looks)).toEqual({ corners: '8px', text: '16px' });
  await expect(row.locator('.dropdown__single-value')).toHaveText('Auto loan');
  expect(await row.locator('.dropdown__single-value').evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');

  await row.getByLabel('Loan type').focus();
  await page.keyboard.press('ArrowDown');
  const list = row.getByRole('listbox');
  await expect(list.getByRole('option')).toHaveCount(7);
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('460px');
  expect(await row.locator('.dropdown__menu').evaluate(looks)).toEqual({ corners: '8px', text: '16px' });
  expect(await list.getByRole('option', { name: 'Mortgage' }).evaluate((el) => getComputedStyle(el).fontSize)).toBe(
    '16px',
  );
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
});

test('the dialog closes on Escape and on the overlay, not on a click inside it nor on Escape in an open list', async ({
  page,
  request,
}) => {
  await signedInWithThreeLoans(page, request);
  const dialog = await openEditRows(page);
  await dialog.getByRole('heading').click();
  await expect(dialog).toBeVisible();
  // Escape in a loan type's open list closes the list; the edit stays.
  await dialog.getByTestId('debt-row-1').getByLabel('Loan type').focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByTestId('modal-overlay').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();
});

test('payoff plans compare three orders with an extra amount, list the schedule and download it as CSV', async ({
  page,
  request,
}, testInfo) => {
  await signedInWithThreeLoans(page, request);
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
});

test("your own payoff order re-plans at once and is saved as the list's order, ids kept", async ({
  page,
  request,
}, testInfo) => {
  const loans = await signedInWithThreeLoans(page, request);
  const saves = countSaves(page);
  const plans = page.getByRole('region', { name: 'Payoff plans' });
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
  const sent = JSON.parse(saves[0] ?? '{}');
  expect(sent.debts.map((d: { id: string }) => d.id)).toEqual([loans[2]?.id, loans[0]?.id, loans[1]?.id]);
});

test('the tabs move with the arrow keys, Learn more links to the article, and Help points at it', async ({
  page,
  request,
}) => {
  await signedInWithThreeLoans(page, request);
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

  await page.goto('/dashboard/my-loans');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.locator('#help-menu').getByRole('link', { name: 'Help with this page' })).toHaveAttribute(
    'href',
    '/dashboard/help-center/loan-payments',
  );
});

test("a second tab's stale save is refused with the server's message, and Reload shows the other tab's change", async ({
  page,
  request,
}, testInfo) => {
  await signedInWithThreeLoans(page, request);
  // Both tabs are editing the same saved list.
  const second = await page.context().newPage();
  await second.goto('/dashboard/my-loans');
  const staleDialog = await openEditRows(second);
  const firstDialog = await openEditRows(page);

  // The first tab saves a new balance (tabbing into the filled amount selects it, typing replaces it).
  await firstDialog.getByTestId('debt-row-1').getByLabel('Initial loan amount').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('17000');
  await firstDialog.getByRole('button', { name: 'Update' }).click();
  await expect(firstDialog).toBeHidden();
  await expect(card(page, 'Auto loan')).toContainText('$17,000.00');

  // The second tab, still showing the old list, changes a rate: the save is refused, nothing lost.
  await staleDialog.getByTestId('debt-row-2').getByLabel('Interest rate (%)').fill('19.5');
  await staleDialog.getByRole('button', { name: 'Update' }).click();
  const refused = staleDialog.getByRole('alert').filter({ hasText: 'changed in another tab or device' });
  await expect(refused).toContainText(
    'These loans were changed in another tab or device. Reload to see the latest, then make your change again.',
  );
  // Update gives way to Reload, which has the focus (the pressed button is gone).
  await expect(staleDialog.getByRole('button', { name: 'Update' })).toBeHidden();
  await expect(refused.getByRole('button', { name: 'Reload' })).toBeFocused();
  await expectAccessible(second);
  await keepScreenshot(second, testInfo, 'my-loans-stale-save');

  await refused.getByRole('button', { name: 'Reload' }).click();
  await expect(refused).toBeHidden();
  await expect(staleDialog.getByTestId('debt-row-1').getByLabel('Outstanding balance')).toHaveValue('$17,000.00');
  await expect(staleDialog.getByTestId('debt-row-2').getByLabel('Interest rate (%)')).toHaveValue('22.99');
  await expect(staleDialog.getByRole('button', { name: 'Update' })).toBeFocused();

  // Made again on the latest list, the change is saved next to the first tab's.
  await staleDialog.getByTestId('debt-row-2').getByLabel('Interest rate (%)').fill('19.5');
  await staleDialog.getByRole('button', { name: 'Update' }).click();
  await expect(staleDialog).toBeHidden();
  await expect(card(second, 'Credit card')).toContainText('19.5 %');
  await expect(card(second, 'Auto loan')).toContainText('$17,000.00');
  await second.close();
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
