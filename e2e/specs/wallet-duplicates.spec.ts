import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

/** Issue 28 item 2: one duplicate engine; possible duplicates flagged, merged, undone, kept. */

const WALLET = '/dashboard/my-wallet?month=2026-11';
const ROWS: [string, string, string][] = [
  ['11/03/2026', 'BLUE BOTTLE COFFEE', '-5.75'],
  ['11/05/2026', 'WHOLE FOODS MARKET', '-42.10'],
  ['11/06/2026', 'SHELL OIL 5731', '-30.00'],
];
const csv = (days: number) =>
  Buffer.from(
    `Date,Description,Amount\n${ROWS.map(([d, p, a]) => {
      const day = String(Number(d.slice(3, 5)) + days).padStart(2, '0');
      return `${d.slice(0, 3)}${day}${d.slice(5)},${p},${a}`;
    }).join('\n')}\n`,
  );

const walletBalance = (page: Page) => page.locator('dl:has(> dt:text-is("Wallet balance")) > dd');
const list = (page: Page) => page.getByRole('region', { name: 'Transactions' }).getByRole('listitem');

/**
 * The wizard from My Wallet: a CSV uploaded, its columns as guessed (the second file of the same
 * shape skips that step: its mapping is remembered), the preview's dialog.
 */
async function uploadCsv(page: Page, name: string, buffer: Buffer, mapping: boolean) {
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank file' });
  await dialog.getByLabel('Bank file').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  if (mapping) {
    await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Next' }).click();
  }
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  return dialog;
}

test('the same transactions imported again from a file are flagged as duplicates', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  await logIn(page, email, password);
  await page.goto(WALLET);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();

  // The file, then a copy of it with every date a day later (as another export of the bank may date them).
  let dialog = await uploadCsv(page, 'october.csv', csv(0), true);
  await expect(dialog.getByText('3 new, 0 already in your wallet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(page.getByText('Imported 3 transactions')).toBeVisible();
  await expect(walletBalance(page)).toHaveText('-$77.85');

  dialog = await uploadCsv(page, 'october-again.csv', csv(1), false);
  await expect(dialog.getByText('3 new, 0 already in your wallet, 3 possible duplicates')).toBeVisible();
  const rows = dialog.getByRole('region', { name: 'Transactions in october-again.csv' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Possible duplicate of' })).toHaveCount(3);
  await expect(rows.filter({ hasText: 'WHOLE FOODS MARKET' })).toContainText(
    // The bank's words in the file's preview; the list's merchant name for what it repeats.
    'Possible duplicate of Whole Foods, Nov 5, 2026',
  );
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-duplicates-1-preview');
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  // The first file's toast may still be showing beside this one: the balance tells them apart.
  await expect(page.getByText('Imported 3 transactions').first()).toBeVisible();
  await expect(walletBalance(page)).toHaveText('-$155.70');

  // Both copies of each are flagged in the list.
  await expect(list(page).filter({ hasText: 'Possible duplicate' })).toHaveCount(6);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-duplicates-2-flagged');

  // Merge the groceries: one stays, the balance counts it once; then undo.
  const review = page.getByRole('button', { name: /^Review possible duplicate: Whole Foods, Nov 6, 2026/ });
  await review.click();
  const pair = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(pair).toContainText('Nov 5, 2026');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-duplicates-3-dialog');
  await pair.getByRole('button', { name: 'Merge' }).click();
  await expect(pair).toHaveCount(0);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Transactions merged' });
  await expect(toast).toBeVisible();
  await expect(list(page).filter({ hasText: 'Whole Foods' })).toHaveCount(1);
  await expect(list(page).filter({ hasText: 'Possible duplicate' })).toHaveCount(4);
  await expect(walletBalance(page)).toHaveText('-$113.60');
  await keepScreenshot(page, testInfo, 'wallet-duplicates-4-merged');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Merge undone')).toBeVisible();
  await expect(list(page).filter({ hasText: 'Whole Foods' })).toHaveCount(2);
  await expect(list(page).filter({ hasText: 'Possible duplicate' })).toHaveCount(6);
  await expect(walletBalance(page)).toHaveText('-$155.70');

  // Keep both of the fuel, by keyboard: the flag goes from both.
  await page.getByRole('button', { name: /^Review possible duplicate: Shell, Nov 7, 2026/ }).focus();
  await page.keyboard.press('Enter');
  await expect(pair).toBeVisible();
  await pair.getByRole('button', { name: 'Keep both' }).focus();
  await page.keyboard.press('Enter');
  await expect(pair).toHaveCount(0);
  await expect(list(page).filter({ hasText: 'Possible duplicate' })).toHaveCount(4);
  await expect(list(page).filter({ hasText: 'Shell' }).filter({ hasText: 'Possible duplicate' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-duplicates-5-kept');
});
