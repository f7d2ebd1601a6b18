import { expect, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

test.beforeEach(async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
});

test('from the help menu: join a waitlist, still on it after a reload, leave it', async ({ page }, testInfo) => {
  test.slow(); // three axe scans and a reload
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('link', { name: 'Coming soon to Helo' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tools$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coming soon to Helo' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(5);
  const planner = page.getByRole('article', { name: 'Tax planner' });
  await expect(planner).toContainText('federal tax');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'tools');

  // By keyboard: the button keeps the focus as its label changes.
  const join = planner.getByRole('button', { name: 'Join the waitlist for Tax planner' });
  await join.focus();
  await page.keyboard.press('Enter');
  const leave = planner.getByRole('button', { name: 'Leave the waitlist for Tax planner' });
  await expect(leave).toBeFocused();
  await expect(planner).toContainText("You're on the list");
  await expect(page.getByText("You're on the Tax planner waitlist")).toBeVisible();
  // The other cards are untouched.
  await expect(page.getByRole('button', { name: /^Join the waitlist/ })).toHaveCount(4);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'tools-joined');

  await page.reload();
  await expect(leave).toBeVisible();
  await expect(planner).toContainText("You're on the list");
  await expect(planner).toContainText(/Joined on \w{3} \d{1,2}, \d{4}/);

  await leave.click();
  await expect(join).toBeVisible();
  await expect(planner).not.toContainText("You're on the list");
  await expect(page.getByText('You left the Tax planner waitlist')).toBeVisible();
  await expectAccessible(page);
});
