import { expect, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

test('the bell counts unread notifications; opening one marks it read; mark all; print view', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();

  const panel = page.locator('#notification-panel');
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const month = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'long' }).format(new Date());
  await expect(panel.getByRole('heading', { level: 3, name: month })).toBeVisible();
  await expect(panel.getByRole('button', { name: /Unread: / })).toHaveCount(2);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'notifications-panel');

  const marked = page.waitForResponse((r) => /\/api\/v1\/notifications\/[\w-]+\/read$/.test(r.url()));
  await panel.getByRole('button', { name: /Email verified/ }).click();
  expect((await marked).status()).toBe(200);
  await expect(panel.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(panel.getByText(/^Sent: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) ET$/)).toBeVisible();
  await expect(panel.getByText('Dear User,')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await panel.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await panel.getByRole('button', { name: '← Back' }).click();
  await panel.getByRole('button', { name: 'Mark all as Read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(panel.getByRole('button', { name: /Unread: / })).toHaveCount(0);

  // The server kept it: after a reload nothing is unread.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');

  // Escape closes the panel.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('with no notifications the panel says so, without Mark all as Read', async ({ page, request }) => {
  await page.route('**/api/v1/notifications', (route) => route.fulfill({ json: { data: [] } }));
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(page.getByText("You'll see your notifications here when they arrive")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as Read' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close notifications' }).click();
  await expect(page.getByText('No notifications yet')).toBeHidden();
});
