import { expect, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn, logOut } from '../fixtures.ts';
import { confirmItsYou, elevateHeaders } from '../reauth-fixtures.ts';
import { TestAuthenticator } from '../two-factor-fixtures.ts';
import { addVirtualAuthenticator, keepPartScreenshot } from '../webauthn-fixtures.ts';

test('register a passkey in Profile Settings, sign in with it, see it used, remove it', async ({
  page,
  request,
}, testInfo) => {
  const authenticator = await addVirtualAuthenticator(page);
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  // A name is suggested from the browser; the person may keep it or write their own.
  await expect(add.getByLabel('Passkey name')).toHaveValue(/Chrome/);
  await expectAccessible(page);
  await keepPartScreenshot(add, testInfo, 'passkey-add-dialog');
  await add.getByLabel('Passkey name').fill('Work laptop');
  await add.getByRole('button', { name: 'Create passkey' }).click();
  await confirmItsYou(page, password);
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(add).toBeHidden();

  const row = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await expect(row).toContainText(/Added \w{3} \d{1,2}, \d{4}/);
  await expect(row).toContainText('Never used');
  expect(await authenticator.passkeyCount()).toBe(1);
  await expectAccessible(page);
  await keepPartScreenshot(section, testInfo, 'passkeys-section');

  // Signed out, the passkey alone signs in: no email, no password.
  await logOut(page);
  await keepScreenshot(page, testInfo, 'login-with-passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await page.goto('/dashboard/ProfileSettings');
  await expect(row).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);
  await row.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the passkey “Work laptop”?' });
  await expect(confirm).toContainText('You will no longer be able to sign in with it.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await confirmItsYou(page, password);
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds it, but the account no longer knows it.
  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('closing the browser prompt is calm news, not an error', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  // What the browser answers when the person closes its passkey prompt (or lets it time out).
  const cancelPrompts = () =>
    page.evaluate(() => {
      const cancelled = () =>
        Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
      navigator.credentials.create = cancelled;
      navigator.credentials.get = cancelled;
    });

  await page.goto('/login');
  await cancelPrompts();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No passkey was used.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);

  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  await cancelPrompts();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  const create = add.getByRole('button', { name: 'Create passkey' });
  const noPasskey = add.getByRole('status').filter({ hasText: 'No passkey was added.' });
  // Asked who they are once, before the browser's prompt…
  await create.click();
  await confirmItsYou(page, password);
  await expect(noPasskey).toHaveText('No passkey was added. You can try again whenever you like.');
  await expect(add.getByRole('alert')).toHaveCount(0);
  await expect(create).toBeEnabled();
  // …and not again when they try again within the 5 minutes: the prompt comes straight away.
  let prompts = 0;
  await page.exposeFunction('countPrompt', () => {
    prompts += 1;
  });
  await page.evaluate(() => {
    const cancel = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options) => {
      void (window as unknown as { countPrompt: () => void }).countPrompt();
      return cancel(options);
    };
  });
  await create.click();
  await expect.poll(() => prompts).toBe(1);
  await expect(noPasskey).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm it’s you' })).toHaveCount(0);
  await expect(create).toBeEnabled();
});

test('with two-factor sign-in on, a passkey answers the second step instead of a code', async ({
  page,
  request,
}, testInfo) => {
  await addVirtualAuthenticator(page, { synced: true });
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('dialog', { name: 'Add a passkey' }).getByRole('button', { name: 'Create passkey' }).click();
  await confirmItsYou(page, password);
  await expect(page.getByText('Passkey added')).toBeVisible();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByRole('listitem')).toContainText('Synced');
  await keepPartScreenshot(section, testInfo, 'passkeys-section-synced');

  // Two-factor sign-in turned on through the API, with the codes of a test authenticator app.
  const headers = await authHeaders(request, email, password);
  await elevateHeaders(request, headers, password);
  const setup = await request.post('/api/v1/auth/2fa/setup', { headers, data: {} });
  expect(setup.status()).toBe(200);
  const app = new TestAuthenticator((await setup.json()).data.secret);
  const enable = await request.post('/api/v1/auth/2fa/enable', { headers, data: { code: await app.nextCode() } });
  expect(enable.status()).toBe(200);

  await logOut(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'second-step-with-passkey');
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});
