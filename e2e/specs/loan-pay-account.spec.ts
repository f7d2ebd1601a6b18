import { expect, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn, saveLoans } from '../fixtures.ts';

/**
 * My Loans' "Loan pay account" and "Transactions" tabs (issue 30 item 3): the Money Nest's Loan
 * payments bucket (its balance, what it holds for each loan, the interest, the rate) and each loan's
 * payments from the ledger.
 */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

test('the loan pay account shows the bucket and takes a rate; Transactions lists the loan payments', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  // The Nest with "$500 to Loan payments", a $2,000 paycheck, and three loans ($350, $150, $1,200 a month).
  expect((await request.post('/api/v1/nest/activate', { headers })).ok()).toBe(true);
  const rules = [{ bucket: 'loans', kind: 'fixed', value: 500 }];
  expect((await request.put('/api/v1/nest/allocation', { headers, data: { rules, version: 1 } })).ok()).toBe(true);
  const deposit = { amount: 2000, date: today(), source: 'Paycheck' };
  expect((await request.post('/api/v1/nest/deposits', { headers, data: deposit })).status()).toBe(201);
  await saveLoans(request, email, password);
  const loans = (await (await request.get('/api/v1/user-debts', { headers })).json()).data as { id: string }[];
  // A payment recorded from outside Helo, for the Transactions tab.
  const first = loans[0]?.id ?? '';
  const paid = await request.post(`/api/v1/user-debts/${first}/payments`, {
    headers,
    data: { amount: 350, date: today(), account_id: null },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await logIn(page, email, password);
  await page.goto('/dashboard/my-loans');
  await expect(page.getByRole('heading', { name: 'My Loans', level: 1 })).toBeVisible();
  // What the account has earned so far, beside the comparison's projection.
  await expect(page.locator('p', { hasText: 'So far:' })).toContainText('has earned $0.00 in');

  // By keyboard: from Overview to the next tab with the arrow key.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  const account = page.getByRole('tab', { name: 'Loan pay account' });
  await expect(account).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Coming soon')).toHaveCount(0);
  const figures = panel.locator('dl').first();
  await expect(figures.getByText('Balance')).toBeVisible();
  await expect(figures).toContainText('$500.00');
  // The $500 counted against the loans in their order, each up to its payment.
  const setAside = panel.getByRole('region', { name: 'Set aside for each loan' });
  await expect(setAside.getByRole('row')).toHaveCount(4);
  await expect(setAside.getByRole('row').nth(1)).toContainText('$350.00 of $350.00');
  await expect(setAside.getByRole('row').nth(2)).toContainText('$150.00');
  await expect(setAside.getByRole('row').nth(3)).toContainText('$0.00 of $1,200.00');
  await expect(panel.getByText(/No paydays yet/)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-pay-account');

  // The rate: a wrong one is named at its field, a right one saved.
  const rate = panel.getByLabel('Yearly rate (%)');
  await rate.fill('101');
  await panel.getByRole('button', { name: 'Save rate' }).click();
  await expect(panel.getByText('Interest rate cannot be more than 100 %')).toBeVisible();
  await rate.fill('4.25');
  await rate.press('Enter');
  await expect(page.getByText('Rate saved')).toBeVisible();
  await expect(figures).toContainText('4.25 % a year');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Transactions' }).click();
  const list = page.getByRole('tabpanel');
  await expect(list.getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(list.getByText('$350.00').first()).toBeVisible();
  await expect(list.getByText(/an account not in Helo/)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-transactions');
});
