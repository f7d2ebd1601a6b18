import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

/** Issue 29 item 6: many transactions sorted at once, by keyboard, and undone with one Undo. */

const WALLET = '/dashboard/my-wallet';

/** This month as the app counts months (New York), 'YYYY-MM'. */
function thisMonth(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

const rows = (page: Page) =>
  page.getByRole('region', { name: 'Transactions' }).getByRole('list').first().getByRole('listitem');
const row = (page: Page, payee: string) => rows(page).filter({ hasText: payee });
const bar = (page: Page) => page.getByRole('region', { name: 'Change the selected transactions' });
/** The screen as the person sees it (the bar is pinned to its bottom, which a full-page shot hides). */
async function keepView(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-view-${testInfo.project.name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name} (screen)`, { path, contentType: 'image/png' });
}
/** Shop 01 … Shop 22, newest (22) first in the list. */
const shop = (n: number) => `Shop ${String(n).padStart(2, '0')}`;

test('twenty transactions sorted at once by keyboard, then undone at once', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  const month = thisMonth();
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: { month, net_income: 3_000, categories: [{ name: 'Groceries', group: 'needs', planned: 400 }] },
  });
  expect(budget.status()).toBe(201);
  for (let n = 1; n <= 22; n++) {
    const made = await request.post('/api/v1/wallet/transactions', {
      headers,
      data: { date: `${month}-01`, payee: shop(n), amount: -n },
    });
    expect(made.status()).toBe(201);
  }
  await logIn(page, email, password);
  await page.goto(WALLET);
  await expect(row(page, shop(22))).toContainText('Uncategorized');
  await expect(rows(page)).toHaveCount(22);

  // The row checkboxes are one stop: Tab from "Select all shown" reaches the first; Space chooses it,
  // Shift+Down nineteen times extends the choice to twenty rows.
  await page.getByRole('checkbox', { name: 'Select all shown' }).focus();
  await page.keyboard.press('Tab');
  const first = page.getByRole('checkbox', { name: new RegExp(`^Select ${shop(22)}, .*, −\\$22\\.00$`) });
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  for (let i = 0; i < 19; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Select ${shop(3)},`) })).toBeFocused();
  await expect(bar(page).getByText('20 selected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Select ${shop(2)},`) })).not.toBeChecked();
  // Up and Space take one out, Space again puts it back.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(bar(page).getByText('19 selected')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(bar(page).getByText('20 selected')).toBeVisible();
  // The bar fits the screen, also at 375 px.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = await bar(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-bulk-selected');
  await keepView(page, testInfo, 'wallet-bulk-selected');

  // The category, by keyboard: chosen in the bar's select, then Set.
  const category = bar(page).getByRole('combobox', { name: 'Category' });
  await category.focus();
  await category.selectOption('Groceries');
  await bar(page).getByRole('button', { name: 'Set' }).press('Enter');
  const toast = page.getByText('Changed 20 transactions');
  await expect(toast).toBeVisible();
  for (let n = 3; n <= 22; n++) await expect(row(page, shop(n))).toContainText('Groceries');
  await expect(row(page, shop(2))).toContainText('Uncategorized');
  await expect(row(page, shop(1))).toContainText('Uncategorized');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-bulk-changed');
  await keepView(page, testInfo, 'wallet-bulk-changed');

  // One Undo takes the twenty back.
  await page.getByRole('button', { name: 'Undo' }).press('Enter');
  await expect(page.getByText('Undone: 20 transactions back as they were')).toBeVisible();
  for (let n = 3; n <= 22; n++) await expect(row(page, shop(n))).toContainText('Uncategorized');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-bulk-undone');
  await keepView(page, testInfo, 'wallet-bulk-undone');

  // A tag on the same twenty (still chosen), typed and sent with Enter; its Undo takes it off again.
  const tagged = async () => {
    const res = await request.get('/api/v1/wallet/transactions?tag=trip&limit=100', { headers });
    return ((await res.json()) as { data: unknown[] }).data.length;
  };
  await bar(page).getByRole('textbox', { name: 'Tag' }).fill('Trip');
  await bar(page).getByRole('textbox', { name: 'Tag' }).press('Enter');
  await expect(page.getByText('Changed 20 transactions').last()).toBeVisible();
  await expect.poll(tagged).toBe(20);
  await keepView(page, testInfo, 'wallet-bulk-tagged');
  await page.getByRole('button', { name: 'Undo' }).last().press('Enter');
  await expect(page.getByText('Undone: 20 transactions back as they were').last()).toBeVisible();
  await expect.poll(tagged).toBe(0);

  // With the mouse: Clear, a click and a shift-click choose a range; Delete, then Undo brings them back.
  await bar(page).getByRole('button', { name: 'Clear' }).click();
  await expect(bar(page)).toBeHidden();
  await page.getByRole('checkbox', { name: new RegExp(`^Select ${shop(5)},`) }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^Select ${shop(1)},`) }).click({ modifiers: ['Shift'] });
  await expect(bar(page).getByText('5 selected')).toBeVisible();
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Changed 5 transactions')).toBeVisible();
  await expect(rows(page)).toHaveCount(17);
  // The rows and the bar are gone: the focus is on "Select all shown", not lost.
  await expect(page.getByRole('checkbox', { name: 'Select all shown' })).toBeFocused();
  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(page.getByText('Undone: 5 transactions back as they were')).toBeVisible();
  await expect(rows(page)).toHaveCount(22);
  await expectAccessible(page);
});
