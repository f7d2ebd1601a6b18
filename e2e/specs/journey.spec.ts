import { expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  expectAccessible,
  keepScreenshot,
  logIn,
  logOut,
  mailedLink,
  PASSWORD,
  uniqueEmail,
} from '../fixtures.ts';

// The first steps of a new user, in three tests the workers can share: signing up through the form
// (what the first one tests), then logging out and in, and resetting the password (accounts made
// through the API).
test('a new user signs up, verifies and picks goals; the verify page then says it is done', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('journey');

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Chen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service and Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Verify-email state 1: pending.
  await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();
  await expect(page.getByText(`You're almost there! We sent an email to ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'verify-pending');

  // State 2: opened from the mailed link.
  await page.goto(await mailedLink(request, email, 'verify_email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'verify-with-token');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Goals, then all set up, then home.
  await expect(page.getByRole('heading', { name: 'What would you like Helo to help with?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pick at least one goal' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Pay off debt/ }).check();
  await page.getByRole('checkbox', { name: /Build a budget/ }).check();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/all-set-up$/);
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();

  // State 3: already verified.
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Your email has been verified successfully' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('logging out leaves nothing in local storage, and logging in again lands on home', async ({ page, request }) => {
  const { email } = await createVerifiedAccount(request, uniqueEmail('journey'));
  await logIn(page, email, PASSWORD);

  await logOut(page);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('a forgotten password is reset through the mailed link; the old one is refused, the new one signs in', async ({
  page,
  request,
}) => {
  const { email } = await createVerifiedAccount(request, uniqueEmail('journey'));
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page stays on screen while the next page's code loads, with an Email field of its own.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');
  await page.goto(await mailedLink(request, email, 'reset_password'));
  await expect(page.getByText(/12 to 128 characters/)).toBeVisible();
  const newPassword = 'harbor-violet-compass-91';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');
  await page.getByRole('link', { name: 'Go to log in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});
