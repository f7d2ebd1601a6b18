import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

/** Issue 29 item 1: rules made before sort an import; a category changed → "always" → a rule → applied → undone. */

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

const row = (page: Page, payee: string | RegExp): Locator =>
  page.getByRole('region', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: payee });

async function setUp(page: Page, request: Parameters<typeof createVerifiedAccount>[0]) {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const month = thisMonth();
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month,
      net_income: 4000,
      categories: [
        { name: 'Groceries', group: 'needs', planned: 400 },
        { name: 'Dining', group: 'wants', planned: 120 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
  await logIn(page, email, password);
  return { headers, month };
}

test('a bank file is sorted by the rules made before it', async ({ page, request }, testInfo) => {
  test.slow();
  const { headers, month } = await setUp(page, request);
  const rule = await request.post('/api/v1/rules', {
    headers,
    data: {
      name: 'Coffee',
      conditions: [{ field: 'payee', op: 'contains', value: 'coffee' }],
      actions: [{ type: 'set_category', category: 'Dining' }],
    },
  });
  expect(rule.status()).toBe(201);

  // A rule made on the Rules page, reached from My Wallet, its preview live in the dialog.
  await page.goto(WALLET);
  await page.getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a rule' });
  await dialog.getByLabel('Name').fill('Groceries');
  await dialog.getByLabel('Text').fill('trader joe');
  await dialog.getByLabel('Category of action 1').selectOption('Groceries');
  await expect(dialog.getByText('It would change none of your past transactions.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a condition' }).click();
  await dialog.getByLabel('Condition 2').selectOption('Money out');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-1-dialog');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const rules = page.getByRole('list', { name: 'Rules, in the order they run' }).getByRole('listitem');
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(1)).toContainText('When payee contains “trader joe” and money out: file under Groceries');

  // Moved up by keyboard: the focus stays with the rule moved.
  const moveUp = rules.nth(1).getByRole('button', { name: /^Move up/ });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(rules.nth(0)).toContainText('Groceries');
  await expect(rules.nth(0).getByRole('button', { name: /^Move down/ })).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-2-list');

  // The bank file: three of its four rows are filed by the rules.
  const [year, mm] = month.split('-');
  const day = (d: string) => `${mm}/${d}/${year}`;
  const csv = [
    'Date,Description,Amount',
    `${day('01')},TRADER JOE S #552 SAN FRANCISCO CA,-42.50`,
    `${day('01')},BLUE BOTTLE COFFEE,-5.75`,
    `${day('01')},TRADER JOE S #552 SAN FRANCISCO CA,-18.20`,
    `${day('01')},CITY PARKING,-12.00`,
  ].join('\n');
  await page.goto(WALLET);
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const upload = page.getByRole('dialog', { name: 'Import a bank file' });
  await upload
    .getByLabel('Bank file')
    .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
  await upload.getByRole('button', { name: 'Next' }).click();
  await upload.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(page.getByText('Imported 4 transactions')).toBeVisible();
  // Shown by their merchant names ("Trader Joe's"); the rules matched those, and the bank's words.
  await expect(row(page, /blue bottle coffee/i)).toContainText('Dining');
  await expect(row(page, /city parking/i)).toContainText('Uncategorized');
  const joes = row(page, /trader joe/i);
  await expect(joes).toHaveCount(2);
  for (const r of await joes.all()) await expect(r).toContainText('Groceries');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-3-imported');
});

test('a category changed → always → a rule → applied to history → undone', async ({ page, request }, testInfo) => {
  test.slow();
  const { headers, month } = await setUp(page, request);
  for (const amount of [-20, -31.4, -12.05]) {
    const added = await request.post('/api/v1/wallet/transactions', {
      headers,
      data: { date: `${month}-01`, payee: 'TRADER JOE S', amount },
    });
    expect(added.status()).toBe(201);
  }
  await page.goto(WALLET);
  const first = row(page, 'TRADER JOE S').filter({ hasText: '$20.00' });
  await first.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “TRADER JOE S”' });
  await edit.getByLabel('Category').selectOption('Groceries');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();

  await expect(page.getByText('Transaction saved. Always file “TRADER JOE S” under Groceries?')).toBeVisible();
  const always = page.getByRole('button', { name: 'Always', exact: true });
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-4-always');
  await always.click();
  const applyAll = page.getByRole('button', { name: 'Apply to all 2' });
  await expect(page.getByText('Rule added. 2 past transactions match it.')).toBeVisible();
  await applyAll.click();
  await expect(page.getByText('Rule applied to 2 transactions')).toBeVisible();
  const joes = row(page, 'TRADER JOE S');
  await expect(joes.filter({ hasText: 'Groceries' })).toHaveCount(3);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-5-applied');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('2 transactions put back')).toBeVisible();
  await expect(joes.filter({ hasText: 'Uncategorized' })).toHaveCount(2);
  // Those two now carry the suggestion "Groceries?" (the one filed by hand taught it): count the filed one.
  await expect(joes.filter({ hasNotText: 'Uncategorized' })).toHaveCount(1);
  await expect(joes.filter({ hasText: 'Uncategorized' }).getByRole('button', { name: /Groceries/ })).toHaveCount(2);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-6-undone');

  // The rule stays, on the Rules page.
  await page.getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByRole('list', { name: 'Rules, in the order they run' })).toContainText(
    'When payee contains “TRADER JOE S”: file under Groceries',
  );
});

test('a rule that splits: 70 % Groceries / 30 % Household, previewed, applied, undone', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const month = thisMonth();
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month,
      net_income: 4000,
      categories: [
        { name: 'Groceries', group: 'needs', planned: 400 },
        { name: 'Household', group: 'needs', planned: 100 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
  for (const [payee, amount] of [
    ['COSTCO WHOLESALE #118', -100],
    ['CITY PARKING', -12],
  ] as const) {
    const added = await request.post('/api/v1/wallet/transactions', {
      headers,
      data: { date: `${month}-01`, payee, amount },
    });
    expect(added.status()).toBe(201);
  }
  await logIn(page, email, password);

  await page.goto(`${WALLET}/rules`);
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a rule' });
  await dialog.getByLabel('Name').fill('Costco');
  await dialog.getByLabel('Text').fill('COSTCO');
  await dialog.getByLabel('Action 1', { exact: true }).selectOption('Split it');
  await expect(dialog.getByLabel('Split by')).toHaveValue('percentages');
  await expect(dialog.getByText('100 % left')).toBeVisible();
  await dialog.getByLabel('Category of part 1', { exact: true }).selectOption('Groceries');
  await dialog.getByLabel('Percent of part 1', { exact: true }).fill('70');
  await expect(dialog.getByText('30 % left')).toBeVisible();

  // A part added and removed by keyboard: the focus goes to the new part, then back to the one before.
  await dialog.getByRole('button', { name: 'Add a part' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Category of part 3')).toBeFocused();
  await dialog.getByRole('button', { name: 'Remove part 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Category of part 3')).toHaveCount(0);
  await expect(dialog.getByLabel('Category of part 2')).toBeFocused();
  await dialog.getByLabel('Category of part 2').selectOption('Household');
  await dialog.getByLabel('Percent of part 2').fill('30');
  await expect(dialog.getByText('Adds up to 100 %')).toBeVisible();

  // The preview: the Costco row, split 70/30; not the parking.
  await expect(dialog.getByText('Matches 1 past transaction:')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'COSTCO' })).toContainText(
    /split: Groceries -?\$70\.00, Household -?\$30\.00/,
  );
  // It fits the phone: nothing wider than the screen.
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-7-split-dialog');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const rules = page.getByRole('list', { name: 'Rules, in the order they run' }).getByRole('listitem');
  await expect(rules.first()).toContainText('When payee contains “COSTCO”: split 70 % Groceries / 30 % Household');

  // Edited: the dialog shows the split's rows as saved.
  await rules.first().getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit rule “Costco”' });
  await expect(edit.getByLabel('Action 1', { exact: true })).toHaveValue('split');
  await expect(edit.getByLabel('Category of part 1', { exact: true })).toHaveValue('Groceries');
  await expect(edit.getByLabel('Percent of part 1', { exact: true })).toHaveValue('70');
  await expect(edit.getByLabel('Category of part 2')).toHaveValue('Household');
  await expect(edit.getByLabel('Percent of part 2')).toHaveValue('30');
  // By amounts: each part's dollars and the category of the rest, which a save asks for.
  await edit.getByLabel('Split by').selectOption('By amounts');
  await edit.getByLabel('Amount of part 1', { exact: true }).fill('20');
  await edit.getByLabel('Amount of part 2').fill('5.50');
  await expect(edit.getByText('Parts: $25.50; choose where the rest goes')).toBeVisible();
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit.getByLabel('Category of the rest')).toHaveAccessibleDescription('Choose the category of the rest');
  await expect(edit.getByLabel('Category of the rest')).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-9-split-by-amounts');
  // The server's word on a field lands next to it: a tag added twice is one action too many.
  await edit.getByLabel('Split by').selectOption('By percentages');
  for (const [n, tag] of [
    [2, 'bulk'],
    [3, 'Bulk'],
  ] as const) {
    await edit.getByRole('button', { name: 'Add an action' }).click();
    await edit.getByLabel(`Action ${n}`, { exact: true }).selectOption('Add a tag');
    await edit
      .getByLabel('Tag')
      .nth(n - 2)
      .fill(tag);
  }
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit.getByLabel('Action 3', { exact: true })).toHaveAccessibleDescription(
    'A rule can have this action only once',
  );
  await keepScreenshot(page, testInfo, 'wallet-rules-10-server-error');
  await edit.getByRole('button', { name: 'Remove action 3' }).click();
  await edit.getByRole('button', { name: 'Remove action 2' }).click();
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit).toBeHidden();

  // Applied: the Costco row split in two; then the toast's one Undo puts it back.
  await rules
    .first()
    .getByRole('button', { name: /^Apply to past transactions/ })
    .click();
  await expect(page.getByText('Rule applied to 1 transaction')).toBeVisible();
  await page
    .getByRole('link', { name: /My Wallet/ })
    .first()
    .click();
  const costco = row(page, /costco/i);
  await expect(costco).toContainText('Split: Groceries, Household');
  await expect(row(page, /city parking/i)).toContainText('Uncategorized');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'wallet-rules-8-split-applied');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 transaction put back')).toBeVisible();
  await expect(costco).toContainText('Uncategorized');
  await expect(costco).not.toContainText('Split');
});
