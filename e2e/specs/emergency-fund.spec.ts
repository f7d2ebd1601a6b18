import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, openMenuIfCollapsed } from '../fixtures.ts';

const SETUP = '/emergency-funds';
const DETAILS = '/dashboard/my-emergency-fund-details';

// The answers of the setup test. The plan is worked out here from them, independently of the app:
// targets are 3 and 6 months of the monthly income (no budget), progress is saved ÷ the 3-month
// target, and with no interest the months to a target are the shortfall ÷ the wanted saving, rounded up.
const ANSWERS = { saved: 1_000, income: 4_000, saving: 200, want: 500 };

const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (saved: number, income: number) => Math.round(((saved * 100) / (3 * income)) * 100) / 100;
const monthsTo = (target: number, saved: number, want: number) => Math.ceil((target - saved) / want);
const duration = (months: number) => {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years ? `${years} year${years > 1 ? 's' : ''}` : '', rest ? `${rest} month${rest > 1 ? 's' : ''}` : '']
    .filter(Boolean)
    .join(' ');
};

/** The details page's figures for a fund holding `saved` with these answers. */
async function expectPlan(page: Page, saved: number, income: number, want: number) {
  const low = 3 * income;
  const high = 6 * income;
  const cushion = page.getByRole('region', { name: 'Your cushion' });
  await expect(cushion.getByText(money(saved), { exact: true }).first()).toBeVisible();
  await expect(cushion.locator('dt')).toHaveText(['3 months of expenses', '6 months of expenses']);
  await expect(cushion.locator('dd').first()).toHaveText(money(low));
  await expect(cushion.locator('dd').nth(1)).toHaveText(money(high));
  const bar = cushion.getByRole('progressbar', { name: 'Progress to your 3-month target' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent(saved, income)));
  await expect(cushion.getByText(`${percent(saved, income)} %`, { exact: true })).toBeVisible();
  await expect(cushion.getByText(`${money(saved)} of ${money(low)}`)).toBeVisible();
  for (const [target, months] of [
    [low, 3],
    [high, 6],
  ] as const) {
    const sentence =
      want === 0
        ? `At ${money(0)} a month you do not reach ${months} months of expenses — add a monthly saving to see when.`
        : `About ${duration(monthsTo(target, saved, want))} to ${months} months of expenses at ${money(want)} a month.`;
    await expect(cushion.getByText(sentence)).toBeVisible();
  }
  await expect(cushion.getByText(`your monthly income of ${money(income)}`)).toBeVisible();
  await expect(cushion.getByText('Projected estimate, not financial advice.')).toBeVisible();
}

/** Nothing wider than the screen: a phone user never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Signs in through the API and sets up a fund with the setup test's answers; returns the bearer token. */
async function fundThroughApi(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  const token = (await login.json()).data.access_token as string;
  const res = await request.post('/api/v1/user-emergency-fund', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      is_saving: true,
      saved_amount: ANSWERS.saved,
      monthly_income: ANSWERS.income,
      monthly_saving: ANSWERS.saving,
      monthly_saving_want: ANSWERS.want,
    },
  });
  expect(res.status()).toBe(201);
  return token;
}

/** A verified user with the setup test's fund, signed in on its details page. */
async function signedInWithFund(page: Page, request: APIRequestContext) {
  const { email, password } = await createVerifiedAccount(request);
  const token = await fundThroughApi(request, email, password);
  await logIn(page, email, password);
  await page.goto(DETAILS);
  await expect(page.getByRole('heading', { level: 1, name: 'My Emergency Fund' })).toBeVisible();
  return token;
}

const entryForm = (page: Page) => page.getByRole('region', { name: 'Add a deposit or a withdrawal' });

async function addEntry(page: Page, kind: 'Deposit' | 'Withdrawal', amount: string, note = '') {
  const form = entryForm(page);
  await form.getByText(kind, { exact: true }).click();
  await form.getByLabel('Amount').fill(amount);
  if (note) await form.getByLabel('Note (optional)').fill(note);
  await form.getByRole('button', { name: `Add ${kind.toLowerCase()}` }).click();
}

const amountField = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/**
 * Types over an amount already in a currency field, as a person does: select it all, type. (fill()
 * selects before it focuses, and the field's text changes on focus, which drops that selection.)
 */
async function replaceAmount(field: Locator, amount: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(amount);
}

test('a new user sets the fund up in three steps and lands on its details with the plan worked out', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

  await page.goto(SETUP);
  await expect(page.getByRole('heading', { level: 1, name: 'Build your emergency fund' })).toBeVisible();
  await expect(page.getByText('3 to 6 months', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'ef-1-welcome');

  await page.getByRole('button', { name: 'Start Now' }).click();
  const steps = page.getByRole('list', { name: 'Setup steps' });
  await expect(steps.getByRole('listitem')).toHaveText(['1Provide information', '2Results']);
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1Provide information');
  // The step's title takes the focus, so a screen reader starts there.
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your money' })).toBeFocused();

  // Sent empty: each question says what it needs, and nothing is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/user-emergency-fund') && r.method() === 'POST') posts += 1;
  });
  await page.getByRole('button', { name: 'Next' }).click();
  const question = page.getByRole('group', { name: 'Are you already saving for emergencies?' });
  await expect(question.getByText('Choose yes or no')).toBeVisible();
  await expect(page.getByText('Monthly income is required')).toBeVisible();
  await expect(page.getByText('Monthly saving you want is required')).toBeVisible();
  await expect(question.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-2-information-errors');
  expect(posts).toBe(0);

  // 'No' clears and hides the saved amount (spec §4); back on 'Yes' it is empty.
  const form = page.locator('form');
  await question.getByText('Yes', { exact: true }).click();
  await amountField(form, 'Saved amount').fill('750');
  await question.getByText('No', { exact: true }).click();
  await expect(amountField(form, 'Saved amount')).toHaveCount(0);
  await question.getByText('Yes', { exact: true }).click();
  await expect(amountField(form, 'Saved amount')).toHaveValue('');

  await amountField(form, 'Saved amount').fill(String(ANSWERS.saved));
  await amountField(form, 'Monthly income').fill(String(ANSWERS.income));
  await amountField(form, 'Monthly saving').fill(String(ANSWERS.saving));
  await amountField(form, 'Monthly saving you want').fill(String(ANSWERS.want));
  await amountField(form, 'Monthly saving you want').blur();
  await expect(amountField(form, 'Monthly income')).toHaveValue('$4,000.00');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'ef-3-information');

  // The save is held back a moment, so the loader can be seen (and checked) while it runs.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/user-emergency-fund', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/user-emergency-fund') && r.status() === 201);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Evaluating your budget' })).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('2Results');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-4-results-loading');
  release();
  await created;
  const savedAt = Date.now();

  await expect(page.getByText('Emergency Fund created successfully')).toBeVisible();
  await expect(page.getByText(money(3 * ANSWERS.income), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-5-results');

  // Spec §9: the details page after 2000 ms.
  await expect(page).toHaveURL(new RegExp(`${DETAILS}$`));
  expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1_900);
  await expect(page.getByRole('heading', { level: 1, name: 'My Emergency Fund' })).toBeVisible();
  await expectPlan(page, ANSWERS.saved, ANSWERS.income, ANSWERS.want);
  await expect(page.getByRole('region', { name: 'History' }).getByText('Starting amount')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'ef-6-details');

  // The help menu offers the emergency fund's article (spec §2).
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.locator('#help-menu').getByRole('link', { name: 'Help with this page' })).toHaveAttribute(
    'href',
    '/dashboard/help-center/emergency-fund',
  );
  await page.keyboard.press('Escape');

  // The menu's 'My Emergency Fund' is this page, marked as the current one.
  await openMenuIfCollapsed(page);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Emergency Fund' }),
  ).toHaveAttribute('aria-current', 'page');

  // A second visit to the setup goes straight to the details.
  await page.goto(SETUP);
  await expect(page).toHaveURL(new RegExp(`${DETAILS}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My Emergency Fund' })).toBeVisible();
});

test("a failed save toasts the server's message and goes back to the information with the error at its field", async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto(SETUP);
  await page.getByRole('button', { name: 'Start Now' }).click();
  const question = page.getByRole('group', { name: 'Are you already saving for emergencies?' });
  await question.getByText('No', { exact: true }).click();
  const form = page.locator('form');
  await amountField(form, 'Monthly income').fill('4000');
  await amountField(form, 'Monthly saving').fill('0');
  await amountField(form, 'Monthly saving you want').fill('300');

  // A refusal the form's own rules can not foresee, in the API's error envelope.
  const refusal = 'Monthly income does not match your budget';
  await page.route('**/api/v1/user-emergency-fund', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: { message: refusal, errors: [{ path: 'monthly_income', message: refusal }] },
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: refusal })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your money' })).toBeVisible();
  const income = amountField(form, 'Monthly income');
  await expect(income).toBeFocused();
  await expect(income).toHaveAttribute('aria-invalid', 'true');
  await expect(income).toHaveAccessibleDescription(new RegExp(refusal));
  // The answers are still there.
  await expect(question.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(amountField(form, 'Monthly saving you want')).toHaveValue('$300.00');
  await expectAccessible(page);
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
});

test('a deposit that reaches 25 % shows the milestone in the bell; a withdrawal above the balance is refused at the amount', async ({
  page,
  request,
}, testInfo) => {
  await signedInWithFund(page, request);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(entryForm(page).getByLabel('Date')).toHaveValue(
    await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }),
  );

  // $1,000 + $2,000 is a quarter of the $12,000 target.
  await addEntry(page, 'Deposit', '2000', 'Tax refund');
  await expect(page.getByText('Deposit recorded. You reached 25 % of your 3-month target!')).toBeVisible();
  await expectPlan(page, 3_000, ANSWERS.income, ANSWERS.want);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Deposit');
  await expect(history.getByRole('listitem').first()).toContainText('+$2,000.00');
  await expect(history.getByRole('listitem').first()).toContainText('Tax refund');
  // The form is ready for the next entry.
  await expect(entryForm(page).getByLabel('Amount')).toHaveValue('');

  await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
  await bell.click();
  await expect(page.locator('#notification-panel').getByText('Emergency fund: 25 % there')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-7-milestone-bell');
  await page.keyboard.press('Escape');

  // More than the fund holds: the server's refusal sits at the amount, which takes the focus.
  await addEntry(page, 'Withdrawal', '5000');
  const amount = entryForm(page).getByLabel('Amount');
  const refusal = 'You can withdraw at most $3,000.00, what the fund holds';
  await expect(entryForm(page).getByText(refusal)).toBeVisible();
  // The toast says it in the same words (not the API's 'amount: …').
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: refusal })).toHaveText(refusal);
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(refusal);
  await expectPlan(page, 3_000, ANSWERS.income, ANSWERS.want);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'ef-8-withdrawal-refused');

  // "2,50" is not read as $250 (issue 25): the field says so and nothing is sent.
  await replaceAmount(amount, '2,50');
  await entryForm(page).getByRole('button', { name: 'Add withdrawal' }).click();
  await expect(amount).toHaveValue('$2,50');
  await expect(amount).toHaveAccessibleDescription('Check this amount');
  await expectPlan(page, 3_000, ANSWERS.income, ANSWERS.want);
  await expectAccessible(page);

  // A withdrawal the fund can pay is recorded.
  await replaceAmount(amount, '250');
  await entryForm(page).getByRole('button', { name: 'Add withdrawal' }).click();
  await expect(page.getByText('Withdrawal recorded', { exact: true })).toBeVisible();
  await expectPlan(page, 2_750, ANSWERS.income, ANSWERS.want);
  await expect(history.getByRole('listitem').first()).toContainText('−$250.00');
});

test('an entry dated before the fund was set up is refused at its date, which says from which day (issue 25)', async ({
  page,
  request,
}, testInfo) => {
  const token = await signedInWithFund(page, request);
  const fund = (
    await (await request.get('/api/v1/user-emergency-fund', { headers: { authorization: `Bearer ${token}` } })).json()
  ).data as { entries_from: string };
  const first = new Date(`${fund.entries_from}T12:00:00Z`);
  const words = (d: Date) =>
    d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const dayBefore = new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
  const refusal = `Date can not be before ${words(first)}, the day you set up the fund`;

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/user-emergency-fund/entries')) posts.push(r.url());
  });
  const form = entryForm(page);
  const date = form.getByLabel('Date');
  await expect(date).toHaveAccessibleDescription(
    `The day it happened: between ${words(first)}, when you set up the fund, and today.`,
  );
  await expect(date).toHaveAttribute('min', fund.entries_from);
  await form.getByLabel('Amount').fill('75');
  await date.fill(dayBefore);
  await form.getByRole('button', { name: 'Add deposit' }).click();
  await expect(form.getByText(refusal)).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toBeFocused();
  expect(posts).toEqual([]);
  await expectPlan(page, ANSWERS.saved, ANSWERS.income, ANSWERS.want);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'ef-10-date-before-fund');

  // The server says the same to a client that sends it anyway.
  const direct = await request.post('/api/v1/user-emergency-fund/entries', {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: 'deposit', amount: 75, date: dayBefore },
  });
  expect(direct.status()).toBe(400);
  expect((await direct.json()).errors).toEqual([{ path: 'date', message: refusal }]);

  // The day it was set up is taken.
  await date.fill(fund.entries_from);
  await form.getByRole('button', { name: 'Add deposit' }).click();
  await expect(page.getByText('Deposit recorded', { exact: true })).toBeVisible();
  await expectPlan(page, ANSWERS.saved + 75, ANSWERS.income, ANSWERS.want);
  expect(posts).toHaveLength(1);
});

test('deleting an entry asks first, then takes it off the history and the balance', async ({
  page,
  request,
}, testInfo) => {
  await signedInWithFund(page, request);
  await addEntry(page, 'Deposit', '400');
  await expect(page.getByText('Deposit recorded', { exact: true })).toBeVisible();
  await expectPlan(page, 1_400, ANSWERS.income, ANSWERS.want);

  const history = page.getByRole('region', { name: 'History' });
  const remove = history.getByRole('button', { name: /^Delete deposit of \$400\.00 on / });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this deposit?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-9-delete-confirm');

  // Escape keeps it, and the focus goes back to its button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expectPlan(page, 1_400, ANSWERS.income, ANSWERS.want);

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Entry deleted')).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(history.getByText('No deposits or withdrawals yet.')).toBeVisible();
  await expectPlan(page, ANSWERS.saved, ANSWERS.income, ANSWERS.want);
  await expect(history.getByText('History', { exact: true })).toBeFocused();
});

test('the history shows the newest entries first, 20 at a time, with Load more', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  const token = await fundThroughApi(request, email, password);
  // 22 deposits of $1 … $22 recorded one after the other, all on the day the fund was set up (no
  // entry is older than its fund): the newest is the largest.
  const fund = await request.get('/api/v1/user-emergency-fund', { headers: { authorization: `Bearer ${token}` } });
  const day = (await fund.json()).data.entries_from as string;
  for (let i = 1; i <= 22; i += 1) {
    const res = await request.post('/api/v1/user-emergency-fund/entries', {
      headers: { authorization: `Bearer ${token}` },
      data: { kind: 'deposit', amount: i, date: day },
    });
    expect(res.status()).toBe(201);
  }
  await logIn(page, email, password);
  await page.goto(DETAILS);
  const history = page.getByRole('region', { name: 'History' });
  const rows = history.getByRole('listitem');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('+$22.00');
  await expect(rows.last()).toContainText('+$3.00');
  await history.getByRole('button', { name: 'Load more' }).click();
  // The last two deposits, then the amount the fund was set up with.
  await expect(rows).toHaveCount(23);
  await expect(rows.nth(21)).toContainText('+$1.00');
  await expect(rows.last()).toContainText('Starting amount');
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expectAccessible(page);
});

test('editing the answers works the plan out again, with the same rules as the setup', async ({
  page,
  request,
}, testInfo) => {
  await signedInWithFund(page, request);
  const answers = page.getByRole('region', { name: 'Your answers' });
  await answers.getByRole('button', { name: 'Edit answers' }).click();
  const form = answers.getByRole('form', { name: 'Edit your answers' });
  const question = form.getByRole('group', { name: 'Are you already saving for emergencies?' });
  await expect(question.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expect(amountField(form, 'Saved amount')).toHaveValue('$1,000.00');

  // The setup's rules: an amount past the contract's bound is refused at its field and nothing is saved.
  let puts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/user-emergency-fund') && r.method() === 'PUT') puts += 1;
  });
  await replaceAmount(amountField(form, 'Monthly income'), '10000000001');
  await form.getByRole('button', { name: 'Save answers' }).click();
  await expect(form.getByText('Monthly income cannot be more than $10 billion')).toBeVisible();
  await expect(amountField(form, 'Monthly income')).toBeFocused();
  expect(puts).toBe(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-10-edit');

  // 'No' would empty the fund: the form says so before anything is saved.
  await question.getByText('No', { exact: true }).click();
  await expect(question).toHaveAccessibleDescription(
    'Saving with No sets your fund to $0.00 (it holds $1,000.00 now).',
  );
  await question.getByText('Yes', { exact: true }).click();
  await amountField(form, 'Saved amount').fill('1000');

  await replaceAmount(amountField(form, 'Monthly income'), '3000');
  await replaceAmount(amountField(form, 'Monthly saving you want'), '0');
  await form.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Emergency fund updated')).toBeVisible();
  await expect(answers.getByRole('button', { name: 'Edit answers' })).toBeFocused();
  await expect(answers.getByText('$3,000.00')).toBeVisible();
  await expectPlan(page, ANSWERS.saved, 3_000, 0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'ef-11-edited');
});

test('the details page sends a user without a fund to the setup, and the setup a signed-out visitor to log in and back', async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  await page.goto(SETUP);
  await expect(page).toHaveURL(/\/login\?next=%2Femergency-funds$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Build your emergency fund' })).toBeVisible();

  await page.goto(DETAILS);
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expect(page.getByRole('button', { name: 'Start Now' })).toBeVisible();
});
