import { buffer } from 'node:stream/consumers';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { authHeaders, createVerifiedAccount, expectAccessible, logIn, PASSWORD, saveLoans } from '../fixtures.ts';
import { confirmItsYou, elevateHeaders } from '../reauth-fixtures.ts';
import { TestAuthenticator } from '../two-factor-fixtures.ts';
import { keepPartScreenshot } from '../webauthn-fixtures.ts';

/** Every file of a zip by its name. */
async function unzip(path: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(path);
  const files = new Map<string, Buffer>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
    }
  } finally {
    zip.close();
  }
  return files;
}

test('download my data, then delete my account: signed out, and the account is gone', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await saveLoans(request, email, password);
  const headers = await authHeaders(request, email, password);
  const loans = (await (await request.get('/api/v1/user-debts', { headers })).json()).data as {
    id: string;
    outstanding_balance: number;
    monthly_payment_amount: number;
  }[];
  expect(loans).toHaveLength(3);

  await logIn(page, email, password);
  await page.goto('/dashboard/ProfileSettings');
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  await confirmItsYou(page, password);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^helo-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText(`Your data is downloaded: ${download.suggestedFilename()}`)).toBeVisible();
  const zipPath = testInfo.outputPath('export.zip');
  await download.saveAs(zipPath);

  // The archive holds what the API shows: the account and the three loans (money in cents).
  const files = await unzip(zipPath);
  expect([...files.keys()]).toEqual(expect.arrayContaining(['README.md', 'data.json', 'csv/user_debts.csv']));
  const data = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as Record<
    string,
    Record<string, unknown>[]
  >;
  expect(data.users?.map((u) => u.email)).toEqual([email]);
  expect(JSON.stringify(data)).not.toContain('password_hash');
  // What a loan owes is its ledger account's balance, below zero (issue 27).
  const owed = (id: unknown) =>
    Number(data.ledger_accounts?.find((a) => a.kind === 'loan' && a.subject_id === id)?.balance_cents ?? 0);
  const exported = (data.user_debts ?? []).map((d) => ({
    id: d.id,
    outstanding_balance_cents: -owed(d.id),
    monthly_payment_cents: Number(d.monthly_payment_cents),
  }));
  expect(exported).toEqual(
    expect.arrayContaining(
      loans.map((l) => ({
        id: l.id,
        outstanding_balance_cents: Math.round(l.outstanding_balance * 100),
        monthly_payment_cents: Math.round(l.monthly_payment_amount * 100),
      })),
    ),
  );
  expect(exported).toHaveLength(loans.length);

  // The danger zone: what will be lost, named, before the password is asked.
  await page
    .getByRole('region', { name: 'Delete my account' })
    .getByRole('button', { name: 'Delete my account…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('your loans and their payoff plans');
  await expect(dialog.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await expect(dialog.getByLabel('Authentication code')).toHaveCount(0);
  await expectAccessible(page);
  await keepPartScreenshot(dialog, testInfo, 'delete-account-dialog');

  await dialog.getByLabel('Your password').fill('not-my-password-9');
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(dialog.getByText('Your password is incorrect').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);
  await expectAccessible(page);
  await keepPartScreenshot(dialog.locator('form'), testInfo, 'delete-account-wrong-password');

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?account=deleted$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expectAccessible(page);
  expect((await request.get('/api/v1/user-debts', { headers })).status()).toBe(401);

  // Signing in again is refused as for an address Helo never knew.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('with two-factor sign-in on, deleting the account asks a code too', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  const headers = await authHeaders(request, email, password);
  await elevateHeaders(request, headers, password);
  const setup = await request.post('/api/v1/auth/2fa/setup', { headers, data: {} });
  const app = new TestAuthenticator((await setup.json()).data.secret);
  const enable = await request.post('/api/v1/auth/2fa/enable', { headers, data: { code: await app.nextCode() } });
  expect(enable.status()).toBe(200);

  await page.goto('/dashboard/ProfileSettings');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill(password);
  const code = dialog.getByLabel('Authentication code');
  await code.fill(app.wrongCode());
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await confirmItsYou(page, password);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await code.fill(await app.nextCode());
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?account=deleted$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
});
