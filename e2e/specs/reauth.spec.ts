import { expect, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, logIn, PASSWORD } from '../fixtures.ts';
import { keepViewScreenshot, TestAuthenticator } from '../two-factor-fixtures.ts';

const CONFIRM = 'Confirm it’s you';

test('a sensitive change asks for the password once, in a dialog, then goes on', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  const download = page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download my data' });

  // Cancelled: nothing happens but a clear word, and the page stays.
  await download.click();
  const dialog = page.getByRole('dialog', { name: CONFIRM });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expectAccessible(page);
  await keepViewScreenshot(page, testInfo, 'reauth-password');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Not done: this needs you to confirm it is you.')).toBeVisible();
  await expect(download).toBeFocused();

  // A wrong password is refused on the field; the right one sends the download again.
  await download.click();
  await dialog.getByLabel('Your password').fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Your password is incorrect')).toBeVisible();
  await dialog.getByLabel('Your password').fill(password);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^helo-export-.*\.zip$/);
  await expect(dialog).toBeHidden();

  // Within 5 minutes it is not asked again.
  const again = page.waitForEvent('download');
  await download.click();
  await again;
  await expect(dialog).toBeHidden();
});

test('an account with two-factor sign-in may confirm with a code', async ({ page, request }, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/auth/reauthenticate', { headers, data: { password } })).status()).toBe(200);
  const setup = (await (await request.post('/api/v1/auth/2fa/setup', { headers })).json()).data;
  const app = new TestAuthenticator(setup.secret);
  const enabled = await request.post('/api/v1/auth/2fa/enable', { headers, data: { code: await app.nextCode() } });
  const recoveryCodes = (await enabled.json()).data.recovery_codes as string[];

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await page.goto('/dashboard/ProfileSettings');
  await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download my data' }).click();
  const dialog = page.getByRole('dialog', { name: CONFIRM });
  await expect(dialog).toHaveAccessibleDescription(/enter your password again/);
  await dialog.getByRole('button', { name: 'Use a code from your authenticator app' }).click();
  await expect(dialog.getByLabel('Authentication code')).toBeFocused();
  await expect(dialog).toHaveAccessibleDescription(/enter a code from your authenticator app/);
  await expectAccessible(page);
  await keepViewScreenshot(page, testInfo, 'reauth-code');
  await dialog.getByLabel('Authentication code').fill(await app.nextCode());
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await downloading;
  await expect(dialog).toBeHidden();
});

test('a session ended mid-form: sign in again in place, and the form is sent as typed', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  await page.getByLabel('First name').fill('Samwise');

  // Signed out from another device meanwhile.
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/auth/sessions/revoke-others', { headers })).status()).toBe(200);

  await page.getByRole('button', { name: 'Save details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session ended' });
  await expect(dialog).toContainText('Your session ended. Sign in again to continue.');
  await expect(dialog).toContainText(email);
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expectAccessible(page);
  await keepViewScreenshot(page, testInfo, 'session-ended');
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);
  await expect(page.getByLabel('First name')).toHaveValue('Samwise');
  const me = await request.get('/api/v1/auth/register', { headers: await authHeaders(request, email, PASSWORD) });
  expect((await me.json()).data.user.first_name).toBe('Samwise');
});
