import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

/**
 * Recording a loan payment (issue 27): a payment made from one of the user's accounts lowers the loan
 * by its principal and the account by the whole amount; the loan's payments show the split; an undo
 * puts both back.
 */

// A next payment date in the coming month, so the figures hold whenever the test runs.
const now = new Date();
const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 5);
const due = `${nextMonth.getFullYear()}-${String(nextMonth.getMonth() + 1).padStart(2, '0')}-05`;

const card = (page: Page): Locator => page.getByTestId('debt-card').filter({ hasText: 'Auto loan' });
const walletAccount = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: 'Your accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

test('a payment recorded from a checking account lowers the loan and the account; the history shows the split; undo puts them back', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // several pages, an axe scan at each step
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const chase = await request.post('/api/v1/accounts', {
    headers,
    data: { kind: 'checking', name: 'Chase Checking', opening_balance: 2000 },
  });
  expect(chase.status()).toBe(201);
  const catalogue = (await (await request.get('/api/v1/debts')).json()).data as { id: number; debt_name: string }[];
  const saved = await request.put('/api/v1/user-debts', {
    headers,
    data: {
      debts: [
        {
          debt_id: catalogue.find((d) => d.debt_name === 'Auto loans')?.id,
          initial_loan_amount: 25_000,
          outstanding_balance: 18_250.5,
          monthly_payment_amount: 450,
          interest_rate: 6.25,
          due_date: due,
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);

  await logIn(page, email, password);
  await page.goto('/dashboard/my-loans');
  await expect(card(page)).toContainText('$18,250.50');

  // The form: the monthly payment, today, from the Wallet until another account is picked.
  await card(page)
    .getByRole('button', { name: /^Record a payment of Auto loan/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment of Auto loan' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('$450.00');
  await expect(dialog.getByLabel('Date')).not.toHaveValue('');
  await expect(dialog.getByLabel('From').locator('option:checked')).toHaveText('Wallet');
  await expect(dialog.getByLabel('From').locator('option')).toHaveText([
    'Wallet',
    'Chase Checking',
    'An account not in Helo',
  ]);
  await dialog.getByLabel('From').selectOption({ label: 'Chase Checking' });
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-payment-1-form');

  // More than the loan owes is refused on the field, in the server's words.
  await dialog.getByLabel('Amount').fill('20000');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByLabel('Amount')).toHaveAccessibleDescription(
    "This auto loan owes $18,250.50 and $95.05 of this month's interest: pay at most $18,345.55",
  );
  await expect(dialog.getByLabel('Amount')).toBeFocused();

  await dialog.getByLabel('Amount').fill('450');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment recorded: $354.95 off the balance, $95.05 interest').first()).toBeVisible();
  await expect(card(page).getByRole('button', { name: /^Record a payment of Auto loan/ })).toBeFocused();
  // The balance falls by the principal.
  await expect(card(page)).toContainText('$17,895.55');

  // The history: the split and where the money came from.
  await card(page).getByRole('button', { name: 'Payments' }).click();
  const history = card(page).getByRole('region', { name: 'Payments of Auto loan' });
  const row = history.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$450.00');
  await expect(row).toContainText('$354.95 principal · $95.05 interest');
  await expect(row).toContainText('From Chase Checking');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-payment-2-history');

  // My Wallet: the account is $450 lower, and its list shows the payment, read-only (changed in My Loans).
  await page.goto('/dashboard/my-wallet');
  await expect(walletAccount(page, 'Chase Checking')).toContainText('$1,550.00');
  const listed = page
    .getByRole('region', { name: 'Transactions' })
    .getByRole('listitem')
    .filter({ hasText: 'Auto loan' });
  await expect(listed).toContainText('−$450.00');
  await expect(listed).toContainText('Loan payment');
  await expect(listed).toContainText('Recorded in My Loans');
  await expect(listed.getByRole('link', { name: 'My Loans' })).toHaveAttribute('href', '/dashboard/my-loans');
  await expect(listed.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-payment-2b-wallet');

  // Undo, after a confirmation: the loan owes it again, the money is back.
  await page.goto('/dashboard/my-loans');
  await card(page).getByRole('button', { name: 'Payments' }).click();
  await history.getByRole('button', { name: /^Undo the \$450\.00 payment/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this payment?' });
  await expect(confirm).toContainText('goes back to Chase Checking, and the auto loan owes $354.95 more again');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'loan-payment-3-undo');
  await confirm.getByRole('button', { name: 'Undo payment' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Payment undone').first()).toBeVisible();
  await expect(card(page)).toContainText('$18,250.50');
  await expect(history).toContainText('No payments yet');
  await page.goto('/dashboard/my-wallet');
  await expect(walletAccount(page, 'Chase Checking')).toContainText('$2,000.00');
  await expect(page.getByRole('region', { name: 'Transactions' })).not.toContainText('Auto loan');
});
