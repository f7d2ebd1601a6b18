import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

/**
 * Bank CSVs the guess does not read (issue 28): remapped in the dialog, and the next file of the
 * same bank imported with the columns remembered, without the mapping step.
 */

// A German bank's export: a title and a period above the columns, names the guess does not know,
// amounts without signs and an S (Soll, money out) or H (Haben, money in) column, a closing balance.
const header = 'Tag;Gegenüber;Verwendung;Umsatz EUR;Vorgang';
const november = [
  'Kontoauszug Girokonto;;;;',
  'Zeitraum 01.11.2026 - 30.11.2026;;;;',
  header,
  '03.11.2026;Bäckerei Müller;Brötchen;12,50;S',
  '05.11.2026;Arbeitgeber GmbH;Gehalt November;2.500,00;H',
  '31.11.2026;Kiosk;Zeitung;2,00;S',
  '08.11.2026;Stadtwerke;Strom;84,20;S',
  'Saldo;;;2.403,30;H',
].join('\n');
const december = [
  'Kontoauszug Girokonto;;;;',
  'Zeitraum 01.12.2026 - 31.12.2026;;;;',
  header,
  '02.12.2026;Bäckerei Müller;Brötchen;9,80;S',
  '04.12.2026;Arbeitgeber GmbH;Gehalt Dezember;2.500,00;H',
  'Saldo;;;2.490,20;H',
].join('\n');

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function signedIn(page: Page, request: Parameters<typeof createVerifiedAccount>[0]) {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  await logIn(page, email, password);
  await page.goto('/dashboard/my-wallet');
  return headers;
}

async function upload(page: Page, file: ReturnType<typeof csv>) {
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank file' });
  await expect(dialog.getByRole('heading', { name: 'Choose your bank file' })).toBeFocused();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('a European CSV whose guess was wrong, remapped', async ({ page, request }, testInfo) => {
  const headers = await signedIn(page, request);
  const dialog = await upload(page, csv('girokonto-november.csv', november));

  // The guess finds no amount column: the file is kept, and the step says what to choose.
  await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
  await expect(dialog.getByRole('region', { name: '1 row can not be read with these columns' })).toContainText(
    'Line 1 Choose which columns hold the dates and the amounts',
  );
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await keepScreenshot(page, testInfo, 'wallet-import-csv-1-guess-wrong');

  // The user chooses the amount column, skips the title lines (the columns are named then) and
  // says which column is which.
  await dialog.getByLabel('Amount column').selectOption('3');
  await dialog.getByLabel('Lines to skip before the header').fill('2');
  await expect(dialog.getByLabel('Date column')).toContainText('1. Tag');
  await dialog.getByLabel('Date column').selectOption('0');
  await dialog.getByLabel('Payee column').selectOption('1');
  await dialog.getByLabel('Memo column').selectOption('2');
  await dialog.getByLabel('Sign column (debit/credit words)').selectOption('4');
  await dialog.getByLabel('Date order').selectOption('dmy');
  await dialog.getByLabel('Decimal mark').selectOption(',');
  await expect(dialog.getByRole('row').filter({ hasText: 'Arbeitgeber GmbH' })).toContainText('+$2,500.00');
  await expect(dialog.getByRole('row').filter({ hasText: 'Bäckerei Müller' })).toContainText('−$12.50');
  // One row still can not be read: the bank wrote a day that does not exist.
  const problems = dialog.getByRole('region', { name: '1 row can not be read with these columns' });
  await expect(problems).toContainText("Line 6 '31.11.2026' is not a real date");
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-csv-2-remapped');

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  await expect(dialog.getByText('3 new, 0 already in your wallet')).toBeVisible();
  await expect(dialog.getByText(/1 line after the last transaction \(a footer\) left out/)).toBeVisible();
  const importButton = dialog.getByRole('button', { name: 'Import 3 transactions' });
  await expect(importButton).toBeDisabled();
  await dialog.getByLabel('Leave out the row that can not be read').check();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-csv-3-leave-out');
  await importButton.click();
  await expect(page.getByText('Imported 3 transactions')).toBeVisible();

  const list = (await (await request.get('/api/v1/wallet/transactions', { headers })).json()).data as {
    payee: string;
    amount: number;
    date: string;
  }[];
  expect(list.map((t) => [t.date, t.payee, t.amount]).sort()).toEqual([
    ['2026-11-03', 'Bäckerei Müller', -12.5],
    // The merchant name made of the bank's words (the list's original_payee keeps them).
    ['2026-11-05', 'Arbeitgeber GMBH', 2500],
    ['2026-11-08', 'Stadtwerke', -84.2],
  ]);
});

test('a second file from the same bank imported with no mapping step', async ({ page, request }, testInfo) => {
  const headers = await signedIn(page, request);
  // The first file, mapped and imported (here through the API, as the test above does in the dialog).
  const first = await request.post('/api/v1/wallet/imports', {
    headers,
    multipart: { file: csv('girokonto-november.csv', november) },
  });
  expect(first.status()).toBe(201);
  const { id, mapping } = (await first.json()).data;
  const remapped = {
    ...mapping,
    skip_lines: 2,
    header: true,
    date: 0,
    payee: 1,
    amount: 3,
    debit: null,
    credit: null,
    memo: 2,
    sign: 4,
    flip_sign: false,
    date_order: 'dmy',
    decimal: ',',
  };
  const committed = await request.post(`/api/v1/wallet/imports/${id}/commit`, {
    headers,
    data: { mapping: remapped, skip_problem_rows: true },
  });
  expect(committed.status(), await committed.text()).toBe(200);

  const dialog = await upload(page, csv('girokonto-december.csv', december));
  // Straight to the rows, read with the columns confirmed last time.
  await expect(dialog.getByRole('heading', { name: 'Check the transactions' })).toBeFocused();
  await expect(dialog.getByText('Read with the columns you chose for the last file like this one.')).toBeVisible();
  await expect(dialog.getByText('2 new, 0 already in your wallet')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Gehalt Dezember' })).toContainText('+$2,500.00');
  await expect(dialog.getByRole('row').filter({ hasText: 'Bäckerei Müller' })).toContainText('−$9.80');
  await expect(dialog.getByRole('button', { name: 'Change columns' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-import-csv-4-remembered');

  // Change columns shows them as remembered; Next comes back to the same rows.
  await dialog.getByRole('button', { name: 'Change columns' }).click();
  await expect(dialog.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
  await expect(dialog.getByLabel('Lines to skip before the header')).toHaveValue('2');
  await expect(dialog.getByLabel('Sign column (debit/credit words)')).toHaveValue('4');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Import 2 transactions' }).click();
  await expect(page.getByText('Imported 2 transactions')).toBeVisible();
});
