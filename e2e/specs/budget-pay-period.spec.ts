import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

const BUDGET = '/dashboard/my-budget';

/** Today in New York (the app's and this browser's calendar), and a day after it, as 'YYYY-MM-DD'. */
function day(offset = 0): string {
  const now = new Date(Date.now() + offset * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}
/** 'Nov 27, 2026', as the app labels a day. */
const label = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A category's row in the period: its figures, in the order Planned, Rolled over, Spent, Left. */
const figures = (panel: Locator, name: string) =>
  panel
    .getByRole('list', { name: /^Categories/ })
    .getByRole('listitem')
    .filter({ has: panel.page().getByText(name, { exact: true }) })
    .locator('dd');

/** Nothing wider than the screen: a phone user never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a user paid every two weeks budgets by pay period, sees the period’s spending, rolls Food over to the next', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  const today = day();
  // This month's budget (Food $600, Fun $100 a month), My Wallet on, $50.00 of Food bought today.
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBeLessThan(300);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month: today.slice(0, 7),
      net_income: 4_000,
      categories: [
        { name: 'Food', group: 'needs', planned: 600 },
        { name: 'Fun', group: 'wants', planned: 100 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
  const spend = await request.post('/api/v1/wallet/transactions', {
    headers,
    data: { date: today, payee: 'Market', amount: -50, category: 'Food' },
  });
  expect(spend.status()).toBe(201);

  await logIn(page, email, password);
  await page.goto(BUDGET);
  await expect(page.getByRole('heading', { level: 1, name: 'My Budget' })).toBeVisible();
  // By month, as always: no period panel until the user chooses pay periods.
  await expect(page.getByRole('region', { name: 'This pay period' })).toHaveCount(0);

  const settings = page.getByRole('region', { name: 'Budget period' });
  await settings.getByLabel('Budget by').selectOption('pay_period');
  await settings.getByLabel('How often you are paid').selectOption('two_weeks');
  await settings.getByLabel('A payday').fill(today);
  await expectAccessible(page);
  // By keyboard: the button is reached and pressed without a pointer.
  await settings.getByRole('button', { name: 'Save budget period' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your budget settings are saved').first()).toBeVisible();

  const period = page.getByRole('region', { name: 'This pay period' });
  await expect(period.getByText(`${label(today)} – ${label(addDays(today, 13))}`)).toBeVisible();
  // $600 a month is 12 × 600 / 26 = $276.92 a paycheck; $100 is $46.15.
  await expect(figures(period, 'Food')).toHaveText(['$276.92', '$0.00', '$50.00', '$226.92']);
  await expect(figures(period, 'Fun')).toHaveText(['$46.15', '$0.00', '$0.00', '$46.15']);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'pay-period');

  // Food rolls over (the checkbox by keyboard): what is left now is carried into the next period.
  const rollFood = period.getByRole('checkbox', { name: 'Roll over Food' });
  await rollFood.focus();
  await page.keyboard.press('Space');
  await expect(rollFood).toBeChecked();
  await period.getByRole('button', { name: 'Next' }).click();
  await expect(period.getByText(`${label(addDays(today, 14))} – ${label(addDays(today, 27))}`)).toBeVisible();
  await expect(figures(period, 'Food')).toHaveText(['$276.92', '$226.92', '$0.00', '$503.84']);
  // Fun does not roll over: it starts from its own share.
  await expect(figures(period, 'Fun')).toHaveText(['$46.15', '$0.00', '$0.00', '$46.15']);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'pay-period-next');

  // Rollover off again: the next period starts from nothing; Previous goes back to today's.
  await period.getByRole('checkbox', { name: 'Roll over Food' }).uncheck();
  await expect(figures(period, 'Food')).toHaveText(['$276.92', '$0.00', '$0.00', '$276.92']);
  await period.getByRole('button', { name: 'Previous' }).click();
  await expect(period.getByText(`${label(today)} – ${label(addDays(today, 13))}`)).toBeVisible();
});
