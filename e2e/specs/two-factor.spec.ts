import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, logOut } from '../fixtures.ts';
import { confirmItsYou } from '../reauth-fixtures.ts';
import { keepViewScreenshot, TestAuthenticator } from '../two-factor-fixtures.ts';

/** The ten recovery codes a dialog shows, once they are there. */
async function shownCodes(dialog: Locator): Promise<string[]> {
  const items = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((c) => c.trim());
  expect(new Set(codes).size).toBe(10);
  return codes;
}

/** The password step of a 2FA account: the same card asks for the second step. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
}

test('two-factor sign-in: turn on, sign in with a code and a recovery code (once), turn off', async ({
  page,
  request,
}, testInfo) => {
  // Codes are accepted once per 30-second step: the test may wait for the next one.
  test.setTimeout(180_000);
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText(/Someone who learns your password still cannot get in/)).toBeVisible();

  // Turn on, by keyboard: the QR code and the key as text, then a first code from the app.
  await section.getByRole('button', { name: 'Turn on' }).focus();
  await page.keyboard.press('Enter');
  await confirmItsYou(page, password);
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const shownKey = (await setup.locator('code').textContent()) ?? '';
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const app = new TestAuthenticator(shownKey);
  await expectAccessible(page);
  await keepViewScreenshot(page, testInfo, 'two-factor-setup');

  const firstCode = setup.getByLabel('Code from the app');
  await firstCode.fill(app.wrongCode());
  await firstCode.press('Enter');
  await expect(setup.getByText('That code is not right')).toBeVisible();
  await expect(firstCode).toHaveAttribute('aria-invalid', 'true');
  await firstCode.fill(await app.nextCode());
  await firstCode.press('Enter');

  // Ten recovery codes, shown once: the file has every one of them.
  await expect(setup.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const codes = await shownCodes(setup);
  const downloading = page.waitForEvent('download');
  await setup.getByRole('button', { name: 'Download as a text file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('helo-recovery-codes.txt');
  const file = await readFile(await download.path(), 'utf8');
  for (const code of codes) expect(file).toContain(code);
  expect(file).toContain(`Account: ${email}`);
  await expectAccessible(page);
  await keepViewScreenshot(page, testInfo, 'two-factor-recovery-codes');
  await setup.getByRole('button', { name: 'I saved them' }).click();
  await expect(setup).toBeHidden();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText(/^since \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(section.getByText('10 recovery codes left')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Get new recovery codes' })).toBeFocused();
  await expectAccessible(page);
  await section.scrollIntoViewIfNeeded();
  await keepViewScreenshot(page, testInfo, 'two-factor-on');

  // Signed out, the password alone is not enough: the code step, a wrong code on the field, the right one.
  await logOut(page);
  await passwordStep(page, email, password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'login-second-step');
  await codeField.fill(app.wrongCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'login-second-step-wrong-code');
  await codeField.fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  // A recovery code signs in once; the second time it is refused on the field.
  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recoveryField = page.getByLabel('Recovery code');
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(codes[0]?.toUpperCase() ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // Back goes to the password step with the email kept; the next recovery code works.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  // Turn off with the password and a code.
  await page.goto('/dashboard/ProfileSettings');
  await expect(section.getByText('8 recovery codes left')).toBeVisible();
  await section.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await off.getByLabel('Password', { exact: true }).fill('not-my-password-1');
  await off.getByLabel('Code from your app or a recovery code').fill(app.wrongCode());
  await off.getByRole('button', { name: 'Turn off' }).click();
  await confirmItsYou(page, password);
  await expect(off.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await off.getByLabel('Password', { exact: true }).fill(password);
  await off.getByLabel('Code from your app or a recovery code').fill(await app.nextCode());
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off).toBeHidden();
  await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on' })).toBeFocused();

  // The password alone signs in again.
  await logOut(page);
  await logIn(page, email, password);
});

test('new recovery codes replace the old ones', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on' }).click();
  await confirmItsYou(page, password);
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  const app = new TestAuthenticator((await setup.locator('code').textContent()) ?? '');
  await setup.getByLabel('Code from the app').fill(await app.nextCode());
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const oldCodes = await shownCodes(setup);
  await setup.getByRole('button', { name: 'I saved them' }).click();

  await section.getByRole('button', { name: 'Get new recovery codes' }).click();
  const renew = page.getByRole('dialog', { name: 'Get new recovery codes' });
  await renew.getByLabel('Code from your authenticator app').fill(await app.nextCode());
  await renew.getByRole('button', { name: 'Get new codes' }).click();
  const newCodes = await shownCodes(renew);
  expect(newCodes.filter((c) => oldCodes.includes(c))).toEqual([]);
  await expectAccessible(page);
  await renew.getByRole('button', { name: 'I saved them' }).click();
  await expect(renew).toBeHidden();
  await expect(section.getByRole('button', { name: 'Get new recovery codes' })).toBeFocused();

  // An old code no longer signs in.
  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(oldCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  await page.getByLabel('Recovery code').fill(newCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});
