import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn } from '../fixtures.ts';

test('a signed-in user visiting /login lands on the dashboard, also after a reload', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
});

test('the dashboard sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fhome$/);
});

test('the session keeps the refresh token out of localStorage', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('helo.session'))).toContain('access_token');
  const stored = await page.evaluate(() => localStorage.getItem('helo.session') ?? '');
  expect(stored).not.toContain('refresh_token');
});

test('a wrong password shows the server message and keeps the user on the form', async ({ page, request }) => {
  const { email } = await createVerifiedAccount(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password-at-all');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up shows the field errors before sending anything', async ({ page }) => {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Please accept the Terms of Service and Privacy Policy to continue')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
});
