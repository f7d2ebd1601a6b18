import { expect, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

const DAY = 86_400_000;
/** A day of New York (the server's product day) `days` from now. */
const nyDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * DAY));
/** The same day of the month `months` before `day` (days 1 to 28 only). */
const monthsBefore = (day: string, months: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 - months, Math.min(d, 28)));
  return date.toISOString().slice(0, 10);
};
const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('bills: a found paycheck and subscription accepted, seen in the calendar and the list, today’s paycheck paid', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const today = nyDay();
  // Three months of a streaming service (a week ago, then a month before each) and a paycheck every
  // two weeks, the last one today.
  const add = async (date: string, payee: string, amount: number) =>
    expect(
      (await request.post('/api/v1/wallet/transactions', { headers, data: { date, payee, amount } })).status(),
    ).toBe(201);
  const lastStream = nyDay(-7);
  for (const months of [3, 2, 1, 0]) await add(monthsBefore(lastStream, months), 'Streamflix', -15.49);
  for (const weeks of [10, 8, 6, 4, 2, 0]) await add(nyDay(-7 * weeks), 'Acme Payroll', 2100);

  await logIn(page, email, password);
  // My Wallet links to the bills.
  await page.goto('/dashboard/my-wallet');
  await page.getByRole('link', { name: 'Bills calendar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/bills$/);

  const found = page.getByRole('region', { name: 'Found in your history' });
  await expect(found.getByRole('heading', { name: 'Acme Payroll' })).toBeVisible();
  await expect(found.getByRole('heading', { name: 'Streamflix' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'bills-1-found');

  // Accept the paycheck as income, by keyboard from the Accept button.
  await found.getByRole('button', { name: 'Accept Acme Payroll' }).focus();
  await page.keyboard.press('Enter');
  const accept = page.getByRole('dialog', { name: 'Add Acme Payroll' });
  await expect(accept.getByLabel('Kind')).toHaveValue('income');
  await accept.getByLabel('Name').fill('Paycheck');
  await expectAccessible(page);
  await accept.getByRole('button', { name: 'Add series' }).click();
  await expect(accept).toBeHidden();
  await expect(page.getByText('Recurring series added').first()).toBeVisible();

  // Then the subscription, with a category.
  await found.getByRole('button', { name: 'Accept Streamflix' }).click();
  const sub = page.getByRole('dialog', { name: 'Add Streamflix' });
  await expect(sub.getByLabel('Kind')).toHaveValue('subscription');
  await sub.getByLabel('Category (optional)').fill('Entertainment');
  await sub.getByRole('button', { name: 'Add series' }).click();
  await expect(sub).toBeHidden();
  await expect(found).toBeHidden();

  // The calendar: today's paycheck is paid, the next subscription is due.
  const upcoming = page.getByRole('region', { name: 'The next 60 days' });
  const todayCell = upcoming.getByRole('cell', { name: `${longDay(today)}: Paycheck +$2,100.00, paid` });
  await expect(todayCell).toBeVisible();
  const nextStream = monthsBefore(lastStream, -1);
  await expect(upcoming.getByRole('cell', { name: `${longDay(nextStream)}: Streamflix −$15.49` })).toBeVisible();
  await todayCell.focus();
  await expect(todayCell).toBeFocused();
  // The list says the same.
  const list = upcoming.getByRole('list', { name: 'Due dates' });
  await expect(list.getByRole('listitem').first()).toContainText('Paycheck');
  await expect(list.getByRole('listitem').first()).toContainText('Paid');
  await expect(list.getByRole('listitem').filter({ hasText: 'Streamflix' }).first()).toContainText('Due');
  // The series, with their next dates.
  const series = page.getByRole('region', { name: 'Your recurring series' });
  await expect(series.getByText('Paycheck', { exact: true })).toBeVisible();
  await expect(series.getByText('Every two weeks', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'bills-2-calendar');

  // Home links here too.
  await page.goto('/dashboard/home');
  await expect(page.getByRole('link', { name: 'Bills calendar' })).toHaveAttribute('href', '/dashboard/bills');
});
