import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

const SETUP = '/my-retirement';
const INVESTMENTS = '/dashboard/my-investments';

// The age the API gives is this year in New York minus the birth year.
const THIS_YEAR = Number(new Date().toLocaleString('en-US', { timeZone: 'America/New_York', year: 'numeric' }));
const AGE = 40;
const BIRTH_YEAR = THIS_YEAR - AGE;
const INFLATION = 2.5;

interface Account {
  name: string;
  kind: string;
  balance: number;
  monthly: number;
  employer: number;
  rate: number;
}
const WORK: Account = { name: 'Work 401(k)', kind: '401(k)', balance: 50_000, monthly: 500, employer: 250, rate: 6 };
const ROTH: Account = { name: 'My Roth', kind: 'Roth IRA', balance: 12_000, monthly: 200, employer: 0, rate: 7 };

/**
 * Issue 14's rule, written here independently of the app: every month each account earns
 * (1 + r)^(1/12) − 1 rounded half-up to the cent, then its contributions go in; today's money
 * divides by (1 + inflation)^years; the income is 4 % of that a year over 12 months, rounded down.
 */
function project(accounts: readonly Account[], years: number) {
  let nominal = 0;
  for (const a of accounts) {
    const rate = (1 + a.rate / 100) ** (1 / 12) - 1;
    let cents = Math.round(a.balance * 100);
    for (let m = 0; m < years * 12; m++) cents += Math.round(cents * rate) + Math.round((a.monthly + a.employer) * 100);
    nominal += cents;
  }
  const real = Math.round(nominal / (1 + INFLATION / 100) ** years);
  return { nominal, real, income: Math.floor(real / 300) };
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dollars = (amount: number) => money(Math.round(amount * 100));

/** A day `daysAgo` before today in New York, as the date input writes it. */
const nyDay = (daysAgo = 0) =>
  new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Replaces a field's text as a person does: select all, then type. */
async function replaceText(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

async function chooseKind(scope: Locator, kind: string) {
  await scope.getByLabel('Kind').selectOption({ label: kind });
}

async function fillAccount(row: Locator, a: Account) {
  await row.getByLabel('Account name').fill(a.name);
  await chooseKind(row, a.kind);
  await row.getByLabel('Balance', { exact: true }).fill(String(a.balance));
  await row.getByLabel('Your monthly contribution').fill(String(a.monthly));
  if (a.employer) await row.getByLabel('Employer contribution a month').fill(String(a.employer));
  await row.getByLabel('Expected return (% a year)').fill(String(a.rate));
}

/** Step 1, left with Enter in its last field as a keyboard user does. */
async function fillAboutYou(page: Page, retirementAge: number) {
  await page.getByLabel('Birth year').fill(String(BIRTH_YEAR));
  await page.getByLabel('Retirement age').fill(String(retirementAge));
  await page.getByLabel('Retirement age').press('Enter');
  await expect(page.getByRole('heading', { name: 'Your accounts' })).toBeFocused();
}

const figure = (panel: Locator, term: string | RegExp) =>
  panel
    .locator('dl > div')
    .filter({ has: panel.page().locator('dt', { hasText: term }) })
    .locator('dd');

async function expectFigures(panel: Locator, age: number, expected: ReturnType<typeof project>) {
  await expect(figure(panel, `At ${age} (in ${age - AGE} years)`)).toHaveText(money(expected.nominal));
  await expect(figure(panel, "In today's money")).toHaveText(money(expected.real));
  await expect(figure(panel, 'Monthly income it could pay')).toHaveText(money(expected.income));
}

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).data.access_token}` };
}

const wire = (a: Account) => ({
  name: a.name,
  kind: a.kind === '401(k)' ? '401k' : 'roth_ira',
  balance: a.balance,
  monthly_contribution: a.monthly,
  employer_monthly_contribution: a.employer,
  expected_return_percent: a.rate,
});

test('a new user sets up two accounts, sees the projection, records balances on two days, tries another retirement age, and reaches the advisor', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a long journey with an axe scan at every step
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

  // Without a plan, My Investments leads to the setup.
  await page.goto(INVESTMENTS);
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your retirement' })).toBeVisible();

  // Step 1 blank: each field says what it needs, and the first takes the focus.
  await page.getByRole('button', { name: 'Next: your accounts' }).click();
  await expect(page.getByText('Birth year is required')).toBeVisible();
  await expect(page.getByText('Retirement age is required')).toBeVisible();
  await expect(page.getByLabel('Birth year')).toBeFocused();
  // A retirement age not above the age the birth year gives is refused before step 2.
  await page.getByLabel('Birth year').fill(String(BIRTH_YEAR));
  await page.getByLabel('Retirement age').fill(String(AGE));
  await page.getByRole('button', { name: 'Next: your accounts' }).click();
  await expect(page.getByText(`Retirement age must be above your current age (${AGE})`)).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'investments-1-about-you');
  await replaceText(page.getByLabel('Retirement age'), '65');
  await page.getByRole('button', { name: 'Next: your accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Your accounts' })).toBeFocused();

  await fillAccount(page.getByRole('group', { name: 'Account 1' }), WORK);
  await page.getByRole('button', { name: 'Add another account' }).click();
  await expect(page.getByRole('group', { name: 'Account 2' }).getByLabel('Account name')).toBeFocused();
  await fillAccount(page.getByRole('group', { name: 'Account 2' }), ROTH);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'investments-2-accounts');
  await page.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page).toHaveURL(new RegExp(`${INVESTMENTS}$`));
  await expect(page.getByText('Retirement plan saved')).toBeVisible();

  // Totals, a card per account, and the projection at 65 as issue 14's rule gives it.
  const totals = page.locator('main');
  await expect(figure(totals, 'Total balance')).toHaveText(dollars(62_000));
  await expect(figure(totals, 'Going in this month').first()).toHaveText(dollars(950));
  const work = page.getByRole('article', { name: WORK.name });
  await expect(work.getByText('401(k)', { exact: true })).toBeVisible();
  await expect(work.getByText(dollars(50_000))).toBeVisible();
  await expect(work.getByText(`Balance on ${dayLabel(nyDay())}`)).toBeVisible();
  await expect(page.getByRole('article', { name: ROTH.name }).getByText('7 % a year')).toBeVisible();
  const projection = page.getByRole('region', { name: 'Retirement projection' });
  await expect(projection.getByRole('heading', { name: 'With your plan' })).toBeVisible();
  await expectFigures(projection, 65, project([WORK, ROTH], 25));
  await expect(page.getByText('Projected estimate, not financial advice.')).toBeVisible();
  await projection.getByText('Year-by-year figures (26 ages)').click();
  const byAge = projection.getByRole('region', { name: 'Projection by age' }).getByRole('row');
  await expect(byAge).toHaveCount(27);
  await expect(byAge.nth(1).getByRole('rowheader')).toHaveText(String(AGE));
  await expect(byAge.last().getByRole('cell').first()).toHaveText(money(project([WORK, ROTH], 25).nominal));
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'investments-3-overview');

  // The help menu offers the investments' article (spec §2).
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.locator('#help-menu').getByRole('link', { name: 'Help with this page' })).toHaveAttribute(
    'href',
    '/dashboard/help-center/investment-tracker',
  );
  await page.keyboard.press('Escape');

  // One day of balances so far.
  const history = page.getByRole('region', { name: 'Balance history' });
  await expect(history.getByText('Balances by day (1 day)')).toBeVisible();

  // Last month's statement, entered with its day: the history gains that day; today's balance stays.
  const monthAgo = nyDay(30);
  await work.getByRole('button', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: `Edit “${WORK.name}”` });
  await expect(dialog.getByLabel('Balance on')).toHaveValue(nyDay());
  await replaceText(dialog.getByLabel('Balance', { exact: true }), '45000');
  await dialog.getByLabel('Balance on').fill(monthAgo);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'investments-4-edit-past-balance');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(work.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expect(work.getByText(dollars(50_000))).toBeVisible();
  await expect(history.getByText('Balances by day (2 days)')).toBeVisible();
  await history.getByText('Balances by day (2 days)').click();
  const days = history.getByRole('region', { name: 'Balances by day' }).getByRole('row');
  await expect(days).toHaveCount(3);
  // Date, total, then each account: the Roth had no balance yet that day.
  await expect(days.nth(1)).toHaveText([dayLabel(monthAgo), dollars(45_000), dollars(45_000), '–'].join(''));
  await expect(days.nth(2)).toHaveText([dayLabel(nyDay()), dollars(62_000), dollars(50_000), dollars(12_000)].join(''));

  // Today's new balance: today's point moves, the card shows it, and the projection follows.
  await work.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit “${WORK.name}”` });
  await replaceText(dialog.getByLabel('Balance', { exact: true }), '52000');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(work.getByText(dollars(52_000))).toBeVisible();
  await expect(days).toHaveCount(3);
  await expect(days.nth(2)).toHaveText([dayLabel(nyDay()), dollars(64_000), dollars(52_000), dollars(12_000)].join(''));
  const work52 = { ...WORK, balance: 52_000 };
  await expectFigures(projection, 65, project([work52, ROTH], 25));
  await history.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'investments-5-history');

  // What if: retiring at 67, and $800 a month into the 401(k). The figures follow before any save.
  const ageField = projection.getByLabel('Retirement age');
  await replaceText(ageField, '67');
  await expect(projection.getByRole('heading', { name: 'With your changes' })).toBeVisible();
  await expectFigures(projection, 67, project([work52, ROTH], 27));
  await replaceText(projection.getByRole('group', { name: WORK.name }).getByLabel('You add a month'), '800');
  const changed = project([{ ...work52, monthly: 800 }, ROTH], 27);
  await expectFigures(projection, 67, changed);
  const saved = project([work52, ROTH], 25);
  await expect(projection.getByText(`Your saved plan: ${money(saved.nominal)} at 65`)).toBeVisible();
  // An age the plan can not have is said at the field, and no figures are shown for it.
  await replaceText(ageField, '30');
  await expect(projection.getByText(`Enter a whole age from ${AGE + 1} to 100`)).toBeVisible();
  await expect(projection.getByText('Correct the value marked above to see the projection.')).toBeVisible();
  await replaceText(ageField, '67');
  await expectFigures(projection, 67, changed);
  // The chart is drawn once it comes into view (the full-page picture does not scroll).
  await projection.getByText('Year-by-year figures (28 ages)').scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'investments-6-what-if');
  // Nothing was saved: Reset brings the plan back, and so does a reload of the page.
  await projection.getByRole('button', { name: 'Reset to my plan' }).click();
  await expect(ageField).toHaveValue('65');
  await expectFigures(projection, 65, saved);
  await page.reload();
  await expectFigures(page.getByRole('region', { name: 'Retirement projection' }), 65, saved);

  await page.getByRole('link', { name: 'Chat with Helo advisor' }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
});

test('a signed-out visitor logs in and comes back to the setup, where a row the server refuses shows the reason at its field', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await page.goto(SETUP);
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-retirement$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your retirement' })).toBeVisible();

  // $10 billion at 50 % for 60 years grows past what cents can count: only the server knows, and
  // it names the second row's return (accounts.1.expected_return_percent).
  await fillAboutYou(page, 100);
  await fillAccount(page.getByRole('group', { name: 'Account 1' }), WORK);
  await page.getByRole('button', { name: 'Add another account' }).click();
  const second = page.getByRole('group', { name: 'Account 2' });
  await fillAccount(second, { ...ROTH, balance: 10_000_000_000, rate: 50 });
  await page.getByRole('button', { name: 'Save my plan' }).click();
  const rate = second.getByLabel('Expected return (% a year)');
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(second.getByText(/Expected return is too high for this balance/)).toBeVisible();
  await expect(rate).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'investments-7-row-refused');

  // Removing the row saves the rest.
  await page.getByRole('button', { name: 'Remove account 2' }).click();
  await page.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page).toHaveURL(new RegExp(`${INVESTMENTS}$`));
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('a stale edit shows the reason and Reload, delete asks first, and the setup adds an account to a plan that exists', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await apiToken(request, email, password);
  const created = await request.post('/api/v1/user-investment', {
    headers,
    data: { birth_year: BIRTH_YEAR, retirement_age: 65, accounts: [wire(WORK), wire(ROTH)] },
  });
  expect(created.status()).toBe(201);
  await logIn(page, email, password);
  await page.goto(INVESTMENTS);

  const roth = page.getByRole('article', { name: ROTH.name });
  await roth.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit “${ROTH.name}”` });
  await replaceText(dialog.getByLabel('Expected return (% a year)'), '8');

  // Meanwhile another device changes the account: this save is refused, and Reload brings it as it is now.
  const account = (await created.json()).data.accounts[1];
  const put = await request.put(`/api/v1/user-investment/accounts/${account.id}`, {
    headers,
    data: { ...wire(ROTH), monthly_contribution: 300, version: account.version },
  });
  expect(put.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This account was changed in another tab or device');
  const reload = dialog.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'investments-8-stale');
  await reload.click();
  await expect(dialog.getByLabel('Your monthly contribution')).toHaveValue(dollars(300));
  await expect(dialog.getByLabel('Expected return (% a year)')).toHaveValue('7');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await replaceText(dialog.getByLabel('Expected return (% a year)'), '8');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(roth.getByText('8 % a year')).toBeVisible();
  await expect(roth.getByText(dollars(300))).toBeVisible();

  // Delete asks first; Cancel keeps the account.
  await roth.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${ROTH.name}”?` });
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'investments-9-delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(roth).toBeVisible();
  await expect(roth.getByRole('button', { name: 'Delete' })).toBeFocused();
  await roth.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(roth).toHaveCount(0);
  // Its buttons gone, the focus is on the list's heading, not lost to the page.
  await expect(page.getByRole('heading', { name: 'Your accounts' })).toBeFocused();
  await expect(figure(page.locator('main'), 'Total balance')).toHaveText(dollars(50_000));

  // With a plan, the setup adds an account to it (as the goals' setup adds a goal).
  await page.getByRole('link', { name: 'Add an account' }).click();
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Add an account' })).toBeVisible();
  const hsa: Account = { name: 'Health savings', kind: 'HSA', balance: 3_000, monthly: 100, employer: 0, rate: 4 };
  await fillAccount(page.locator('form'), hsa);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'investments-10-add-account');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page).toHaveURL(new RegExp(`${INVESTMENTS}$`));
  await expect(page.getByRole('article', { name: hsa.name }).getByText('HSA', { exact: true })).toBeVisible();
  await expect(figure(page.locator('main'), 'Total balance')).toHaveText(dollars(53_000));

  // The plan's own edit: retiring at 67 moves the saved projection.
  const projection = page.getByRole('region', { name: 'Retirement projection' });
  await projection.getByRole('button', { name: 'Edit plan' }).click();
  const plan = page.getByRole('dialog', { name: 'Edit your plan' });
  await expect(plan.getByLabel('Inflation (% a year, optional)')).toHaveValue(String(INFLATION));
  await replaceText(plan.getByLabel('Retirement age'), '67');
  await expectAccessible(page);
  await plan.getByRole('button', { name: 'Save plan' }).click();
  await expect(plan).toBeHidden();
  await expect(projection.getByRole('button', { name: 'Edit plan' })).toBeFocused();
  await expect(projection.getByText(`retiring at 67 (in ${67 - AGE} years)`)).toBeVisible();
  await expect(projection.getByRole('heading', { name: 'With your plan' })).toBeVisible();
  await expectFigures(projection, 67, project([WORK, hsa], 67 - AGE));
});
