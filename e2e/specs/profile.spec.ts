import { expect, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, openMenuIfCollapsed } from '../fixtures.ts';
import { confirmItsYou } from '../reauth-fixtures.ts';

test('edit the name, and reminder preferences survive a reload', async ({ page, request }, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await openMenuIfCollapsed(page);
  await page.getByRole('link', { name: 'Sam Rivera' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  await page.getByLabel('First name').fill('Samantha');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  const reminders = page.getByRole('region', { name: 'Email reminders' });
  await expect(reminders.getByLabel('Days before a payment is due')).toHaveValue('3');
  await reminders.getByLabel(/Monthly summary/).check();
  await reminders.getByLabel('Days before a payment is due').fill('7');
  await reminders.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Your email preferences are saved')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'profile-settings');

  await page.reload();
  const after = page.getByRole('region', { name: 'Email reminders' });
  await expect(after.getByLabel('Days before a payment is due')).toHaveValue('7');
  await expect(after.getByLabel(/Monthly summary/)).toBeChecked();
  await expect(page.getByLabel('First name')).toHaveValue('Samantha');
  await openMenuIfCollapsed(page);
  await expect(page.getByRole('link', { name: 'Samantha Rivera' })).toBeVisible();
});

test('a wrong current password is refused on the field and keeps the user signed in', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  await page.getByLabel('Current password').fill('not-the-right-one-1');
  await page.getByLabel('New password').fill('a-brand-new-phrase-4');
  await page.getByRole('button', { name: 'Change password' }).click();
  await confirmItsYou(page, password);
  await expect(page.getByText('Your current password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);
});

test('changing the password signs out a second browser', async ({ page, request, browser }) => {
  const { email, password } = await createVerifiedAccount(request);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage, email, password);
  await logIn(page, email, password);

  await page.goto('/dashboard/ProfileSettings');
  // Sign-up through the API, the second browser and this one.
  await expect(page.getByRole('region', { name: "Where you're signed in" }).getByRole('listitem')).toHaveCount(3);
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill('a-brand-new-phrase-4');
  await page.getByRole('button', { name: 'Change password' }).click();
  await confirmItsYou(page, password);
  await expect(page.getByText('Password changed. Your other devices have been signed out.')).toBeVisible();
  await expect(page.getByRole('region', { name: "Where you're signed in" }).getByRole('listitem')).toHaveCount(1);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  // This browser stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
});

test('sign out other devices', async ({ page, request, browser }, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage, email, password);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  // Each device as a person says it (issue 25), not the raw user agent, which stays as its title.
  const signedIn = page.getByRole('region', { name: "Where you're signed in" });
  const thisDevice = signedIn.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(thisDevice).toContainText('Chrome on Linux');
  await expect(thisDevice.getByText('Chrome on Linux')).toHaveAttribute('title', /^Mozilla\/5\.0 /);
  await expect(signedIn).not.toContainText('Mozilla');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'sessions-list');
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText('Signed out 2 other devices')).toBeVisible();
  await expect(page.getByRole('region', { name: "Where you're signed in" }).getByRole('listitem')).toHaveCount(1);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});
