import { expect, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

test('forecast: the lowest balance before payday on Home and My Wallet, the chart and its table, the floor', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const today: string = (await (await request.get('/api/v1/forecast?days=1', { headers })).json()).data.today;
  expect(
    (
      await request.post('/api/v1/nest/deposits', { headers, data: { amount: 500, date: today, source: 'Paycheck' } })
    ).status(),
  ).toBe(201);
  // A budget for this month: what is left of it spreads over the month's remaining days.
  expect(
    (
      await request.post('/api/v1/user-budgets', {
        headers,
        data: {
          month: today.slice(0, 7),
          net_income: 3000,
          categories: [{ name: 'Food', group: 'needs', planned: 900, preset: 'food' }],
        },
      })
    ).status(),
  ).toBe(201);

  await logIn(page, email, password);
  await page.goto('/dashboard/home');
  await expect(page.getByText(/^Lowest balance (before the next payday|in the next 90 days): /)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'forecast-1-home');

  await page.goto('/dashboard/my-wallet');
  const line = page.getByText(/^Lowest balance (before the next payday|in the next 90 days): /);
  await expect(line).toBeVisible();
  await line.getByRole('link', { name: 'See the forecast' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Forecast' })).toBeVisible();
  const chart = page.getByRole('img', { name: 'Forecast balance chart' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/The total of your accounts goes from \$500\.00 today to /);
  await page.getByLabel('Show each account').check();
  await expect(chart.getByText('Wallet')).toBeVisible();
  // The table twin: 90 rows of days, a column per account and the expected events.
  await page.getByText('Balances by day (90 days)').click();
  const table = page.getByRole('region', { name: 'Forecast balances by day' }).getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Wallet' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(91);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'forecast-2-chart-table');

  // The floor, by keyboard: saved, and the page now names the day the Wallet dips below it.
  const floor = page.getByLabel('Alert me below');
  await floor.fill('1000');
  await floor.press('Enter');
  await expect(page.getByText(/Floor saved/).first()).toBeVisible();
  await expect(page.getByText(/Wallet is forecast below \$1,000\.00 on /)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'forecast-3-floor');
});
