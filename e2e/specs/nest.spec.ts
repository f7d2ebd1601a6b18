import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  createVerifiedAccount,
  expectAccessible,
  keepScreenshot,
  logIn,
  openMenuIfCollapsed,
} from '../fixtures.ts';
import { expectBuckets, fillFundAndGoalRules, userWithFundAndGoal } from '../nest-fixtures.ts';

const NEST = '/dashboard/helo-money-pool';
const WALLET = '/dashboard/my-wallet';

/** The menu's Nest Account and My Wallet links, in the side bar (desktop) or the opened drawer (phone). */
async function nestLinks(page: Page) {
  await openMenuIfCollapsed(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  return {
    nav,
    nest: nav.getByRole('link', { name: /^Nest Account/ }),
    wallet: nav.getByRole('link', { name: /^My Wallet/ }),
  };
}

async function closeMenuIfOpen(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if ((page.viewportSize()?.width ?? 1280) < 1024 && (await toggle.getAttribute('aria-expanded')) === 'true') {
    await page.keyboard.press('Escape');
  }
}

test('a new user sees the locks, activates the Nest once, and both locks go at once', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

  let links = await nestLinks(page);
  await expect(links.nest).toHaveAccessibleName('Nest Account (locked)');
  await expect(links.wallet).toHaveAccessibleName('My Wallet (locked)');
  await expect(links.nav.getByRole('link', { name: 'Vault (locked)' })).toBeVisible();
  await links.nest.click();
  await expect(page).toHaveURL(new RegExp(`${NEST}$`));
  await closeMenuIfOpen(page);

  const intro = page.getByRole('region', { name: 'Nest Account' });
  await expect(intro.getByRole('heading', { level: 1, name: 'Nest Account' })).toBeVisible();
  await expect(intro.getByText('No real money moves')).toBeVisible();
  await expect(intro.getByText(/split[s]? each amount into buckets by rules you set/)).toBeVisible();
  await expect(intro.getByRole('button')).toHaveText(['Activate']);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-1-before-activation');

  await intro.getByRole('button', { name: 'Activate' }).click();
  // The button is gone with the intro: the page's heading has the focus, not the page's body.
  await expect(page.getByRole('heading', { level: 1, name: 'Nest Account' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your buckets' }).getByText('Wallet', { exact: true })).toBeVisible();

  // The locks went without a reload: the menu reads the same query the activation answered.
  links = await nestLinks(page);
  await expect(links.nest).toHaveAccessibleName('Nest Account');
  await expect(links.wallet).toHaveAccessibleName('My Wallet');
  await expect(links.nav.getByRole('link', { name: 'Vault (locked)' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-2-menu-after-activation');

  await links.wallet.click();
  await expect(page).toHaveURL(new RegExp(`${WALLET}$`));
  await closeMenuIfOpen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('$0.00');
  await expect(page.getByText('Wallet balance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-3-wallet');

  // Still on after a fresh load: the activation is the server's, not the page's.
  await page.reload();
  links = await nestLinks(page);
  await expect(links.wallet).toHaveAccessibleName('My Wallet');
  await expect(links.nest).toHaveAccessibleName('Nest Account');
});

test('rules split recorded income to the cent, the fund lists its share, and a reversal gives it all back', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await userWithFundAndGoal(request, { savedAmount: 1_000, activate: true });
  await logIn(page, email, password);
  await page.goto(NEST);
  await expect(page.getByRole('heading', { level: 1, name: 'Nest Account' })).toBeVisible();
  await expect(page.getByText('No real money moves.')).toBeVisible();

  // 20 % to the emergency fund and $300 fixed to the goal; the Wallet takes the rest.
  const rules = page.getByRole('region', { name: 'Your rules' });
  await expect(rules.getByText('No rules yet')).toBeVisible();
  await fillFundAndGoalRules(rules);
  await expect(rules.getByText('The rest goes to your Wallet.')).toBeVisible();
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Rules saved')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-4-rules');

  // The preview is there before anything is saved, worked out as the server will.
  const income = page.getByRole('region', { name: 'Record income' });
  await income.getByLabel('Amount').fill('2500');
  await income.getByLabel('Source').fill('Paycheck');
  const preview = income.getByRole('region', { name: 'How it will be split' });
  await expect(preview.locator('div')).toHaveText([
    'Emergency fund$440.00',
    'Lisbon trip$300.00',
    'Wallet (the rest)$1,760.00',
  ]);
  // Each bucket is what its account holds: the fund's $1,000 is there before any income.
  await expectBuckets(page, [
    ['Emergency fund', '$1,000.00'],
    ['Lisbon trip', '$0.00'],
    ['Wallet', '$0.00'],
  ]);
  await keepScreenshot(page, testInfo, 'nest-5-preview');
  await income.getByRole('button', { name: 'Record income' }).click();
  await expect(page.getByText('Income recorded and split')).toBeVisible();
  await expectBuckets(page, [
    ['Emergency fund', '$1,440.00'],
    ['Lisbon trip', '$300.00'],
    ['Wallet', '$1,760.00'],
    ['Loan payments', '$0.00'],
  ]);
  const deposits = page.getByRole('region', { name: 'Latest deposits' });
  await expect(deposits.getByRole('listitem')).toHaveCount(1);
  await expect(deposits.getByRole('listitem')).toContainText('$2,500.00');
  await expect(deposits.getByRole('listitem')).toContainText('Paycheck');
  const ledger = page.getByRole('region', { name: 'History' });
  await expect(ledger.getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-6-recorded');

  await openMenuIfCollapsed(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Emergency Fund' }).click();
  const fundHistory = page.getByRole('region', { name: 'History' });
  await expect(fundHistory.getByRole('listitem').first()).toContainText('+$440.00');
  await expect(fundHistory.getByRole('listitem').first()).toContainText('From the Money Nest: Paycheck');
  await page.goto(WALLET);
  await expect(page.getByRole('definition').first()).toHaveText('$1,760.00');

  await page.goto(NEST);
  await page.getByRole('region', { name: 'Latest deposits' }).getByRole('button', { name: 'Reverse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse this deposit?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Reverse deposit' }).click();
  await expect(dialog).toHaveCount(0);
  await expectBuckets(page, [
    ['Emergency fund', '$1,000.00'],
    ['Lisbon trip', '$0.00'],
    ['Wallet', '$0.00'],
  ]);
  const reversed = page.getByRole('region', { name: 'Latest deposits' }).getByRole('listitem');
  await expect(reversed.getByText('Reversed')).toBeVisible();
  await expect(reversed.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  await expect(reversed).toBeFocused();
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(6);
  await keepScreenshot(page, testInfo, 'nest-7-reversed');
});

test('a refused rule is named on its row, and rules changed elsewhere are reloaded, not overwritten', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  await logIn(page, email, password);
  await page.goto(NEST);

  // No emergency fund yet: the server's refusal sits on the row's bucket.
  const rules = page.getByRole('region', { name: 'Your rules' });
  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await rules.getByLabel('Bucket of rule 1').selectOption({ label: 'Emergency fund' });
  await rules.getByLabel('Percent of rule 1').fill('15');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByLabel('Bucket of rule 1')).toHaveAccessibleDescription('Set up your emergency fund first');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-8-row-error');

  // Another tab saves first: this save is refused as stale, and Reload shows what was saved there.
  const put = await request.put('/api/v1/nest/allocation', {
    headers,
    data: { rules: [{ bucket: 'loans', kind: 'percent', value: 10 }], version: 1 },
  });
  expect(put.status()).toBe(200);
  await rules.getByLabel('Bucket of rule 1').selectOption({ label: 'Loan payments' });
  await rules.getByRole('button', { name: 'Save rules' }).click();
  const reload = rules.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeFocused();
  await expect(rules.getByRole('button', { name: 'Save rules' })).toHaveCount(0);
  await reload.click();
  await expect(rules.getByLabel('Bucket of rule 1')).toHaveValue('loans');
  await expect(rules.getByLabel('Percent of rule 1')).toHaveValue('10');
  await expect(rules.getByRole('button', { name: 'Save rules' })).toBeVisible();
});

test('a deposit reversed in another tab is refused here in the server’s words, and the page catches up', async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const deposit = await request.post('/api/v1/nest/deposits', {
    headers,
    data: { amount: 120.5, date: today, source: 'Side job' },
  });
  expect(deposit.status()).toBe(201);
  const { id } = (await deposit.json()).data.deposit;
  await logIn(page, email, password);
  await page.goto(NEST);
  await expectBuckets(page, [['Wallet', '$120.50']]);

  expect((await request.post(`/api/v1/nest/deposits/${id}/reverse`, { headers })).status()).toBe(200);
  const deposits = page.getByRole('region', { name: 'Latest deposits' });
  await deposits.getByRole('button', { name: 'Reverse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse this deposit?' });
  await dialog.getByRole('button', { name: 'Reverse deposit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This deposit was already reversed');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deposits.getByText('Reversed')).toBeVisible();
  await expectBuckets(page, [['Wallet', '$0.00']]);
});

test('the ledger shows its newest entries a page at a time, and Load more brings the older ones', async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  // No rules: each deposit is one Wallet entry; 21 of them are one more than a page.
  for (let n = 1; n <= 21; n += 1) {
    const res = await request.post('/api/v1/nest/deposits', {
      headers,
      data: { amount: n, date: today, source: `Job ${n}` },
    });
    expect(res.status()).toBe(201);
  }
  await logIn(page, email, password);
  await page.goto(NEST);
  await expectBuckets(page, [['Wallet', '$231.00']]);
  await expect(page.getByRole('region', { name: 'Latest deposits' }).getByRole('listitem')).toHaveCount(10);
  const ledger = page.getByRole('region', { name: 'History' });
  await expect(ledger.getByRole('listitem')).toHaveCount(20);
  await expect(ledger.getByRole('listitem').first()).toContainText('+$21.00');
  await ledger.getByRole('button', { name: 'Load more' }).click();
  await expect(ledger.getByRole('listitem')).toHaveCount(21);
  await expect(ledger.getByRole('listitem').last()).toContainText('+$1.00');
  await expect(ledger.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Removing a rule row keeps the focus in the editor.
  const rules = page.getByRole('region', { name: 'Your rules' });
  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await rules.getByRole('button', { name: 'Remove rule 1' }).click();
  await expect(rules.getByRole('button', { name: 'Add a rule' })).toBeFocused();
});
