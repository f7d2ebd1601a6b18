import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, openMenuIfCollapsed } from '../fixtures.ts';
import { EXECUTABLE, PNG, pdfOfSize } from '../vault-fixtures.ts';

const VAULT = '/dashboard/helo-vault';
// 300 KB: at the throttled 50 KB/s below, its upload takes about six seconds to watch.
const STATEMENT = pdfOfSize(300 * 1024);

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

async function vaultLink(page: Page) {
  await openMenuIfCollapsed(page);
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Vault/ });
}

async function closeMenuIfOpen(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (isPhone(page) && (await toggle.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
}

/** The files as shown: cards on a phone, the table's rows on a desktop (only one of them is visible). */
function shownFiles(page: Page) {
  const files = page.getByRole('region', { name: 'Your files' });
  return isPhone(page)
    ? { names: files.getByRole('list', { name: 'Files' }).getByRole('heading'), item: files.getByRole('article') }
    : { names: files.getByRole('rowheader'), item: files.getByRole('row') };
}

test('activate the Vault, upload with progress, list, search, sort, rename, download, delete; a disguised program is refused', async ({
  page,
  request,
}, testInfo) => {
  // One long journey, with a throttled upload on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

  // Locked: the menu says so, and the page says what the Vault does, with one button.
  let link = await vaultLink(page);
  await expect(link).toHaveAccessibleName('Vault (locked)');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${VAULT}$`));
  await closeMenuIfOpen(page);
  const intro = page.getByRole('region', { name: 'Vault' });
  await expect(intro.getByRole('heading', { level: 1, name: 'Vault' })).toBeVisible();
  await expect(intro.getByText('Every file is encrypted before it is stored')).toBeVisible();
  await expect(intro.getByText(/Only you can download your files/)).toBeVisible();
  await expect(intro.getByText(/Up to 20 MB a file and 500 MB in all/)).toBeVisible();
  await expect(intro.getByRole('button')).toHaveText(['Activate']);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'vault-1-locked');

  await intro.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vault' })).toBeFocused();
  await expect(page.getByText('0 B of 500 MB used')).toBeVisible();
  await expect(page.getByText(/No files yet/)).toBeVisible();
  // The lock went without a reload: the menu reads the query the activation answered.
  link = await vaultLink(page);
  await expect(link).toHaveAccessibleName('Vault');
  await closeMenuIfOpen(page);

  // Two files at once, on a throttled connection, so each one's progress can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 50 * 1024,
  });
  await page.getByLabel('Files to add to the Vault').setInputFiles([
    { name: 'Statement.pdf', mimeType: 'application/pdf', buffer: STATEMENT },
    { name: 'Receipt.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  const statementBar = uploads.getByRole('progressbar', { name: 'Sending Statement.pdf' });
  await expect(statementBar).toBeVisible();
  await expect
    .poll(async () => Number((await statementBar.getAttribute('value')) ?? 0), { intervals: [50] })
    .toBeGreaterThan(0);
  expect(Number(await statementBar.getAttribute('value'))).toBeLessThan(100);
  await keepScreenshot(page, testInfo, 'vault-2-uploading');
  await expect(uploads.getByText('Added')).toHaveCount(2, { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('status').filter({ hasText: '2 files added' })).toBeAttached();

  // Both listed with their type, size and day; the usage counts them.
  const shown = shownFiles(page);
  await expect(shown.names).toHaveCount(2);
  const sort = page.getByLabel('Sort');
  await sort.selectOption({ label: 'Name, A to Z' });
  await expect(shown.names).toHaveText(['Receipt.png', 'Statement.pdf']);
  const statement = shown.item.filter({ hasText: 'Statement.pdf' });
  await expect(statement).toContainText('PDF');
  await expect(statement).toContainText('300 KB');
  await expect(shown.item.filter({ hasText: 'Receipt.png' })).toContainText('PNG image');
  await expect(shown.item.filter({ hasText: 'Receipt.png' })).toContainText(`${PNG.length} B`);
  await expect(page.getByText('300.1 KB of 500 MB used')).toBeVisible();
  await expect(page.getByText('2 files', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'vault-3-listed');

  // Search by name, then sort both ways.
  const search = page.getByLabel('Search by name');
  await search.fill('STATE');
  await expect(shown.names).toHaveText(['Statement.pdf']);
  await search.fill('tax');
  await expect(page.getByText('No file name holds “tax”.')).toBeVisible();
  await search.fill('');
  await sort.selectOption({ label: 'Name, Z to A' });
  await expect(shown.names).toHaveText(['Statement.pdf', 'Receipt.png']);
  await sort.selectOption({ label: 'Smallest first' });
  await expect(shown.names).toHaveText(['Receipt.png', 'Statement.pdf']);
  await sort.selectOption({ label: 'Type, A to Z' });
  await expect(shown.names).toHaveText(['Statement.pdf', 'Receipt.png']);

  // Rename: a name the server refuses is said on the field; a good one is saved.
  await page.getByRole('button', { name: 'Rename Statement.pdf' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “Statement.pdf”' });
  const nameField = rename.getByLabel('Name');
  await nameField.fill('   ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await nameField.fill('March statement.pdf');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rename March statement.pdf' })).toBeFocused();
  await expect(shown.names).toHaveText(['March statement.pdf', 'Receipt.png']);

  // Download: the bytes are the ones uploaded, under the file's name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download March statement.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('March statement.pdf');
  const saved = await download.path();
  expect((await readFile(saved)).equals(STATEMENT)).toBe(true);

  // A program renamed to .pdf: chosen by keyboard through the picker, refused with the server's reason.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'Invoice.pdf', mimeType: 'application/pdf', buffer: EXECUTABLE });
  const refused = uploads.getByRole('listitem').filter({ hasText: 'Invoice.pdf' });
  await expect(refused).toContainText('is not a file type the Vault takes');
  await expect(shown.names).toHaveText(['March statement.pdf', 'Receipt.png']);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'vault-4-refused');

  // Delete, after confirming: the file is gone, and the usage with it.
  await page.getByRole('button', { name: 'Delete Receipt.png' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Receipt.png”?' });
  await expect(confirm).toContainText('cannot be brought back');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete file' }).click();
  await expect(confirm).toBeHidden();
  await expect(shown.names).toHaveText(['March statement.pdf']);
  await expect(page.getByText('300 KB of 500 MB used')).toBeVisible();

  // Still there after a fresh load: the server's, not the page's.
  await page.reload();
  await expect(shownFiles(page).names).toHaveText(['March statement.pdf']);
  await expect(page.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'vault-5-after-delete');
});
