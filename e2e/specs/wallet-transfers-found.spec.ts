import { writeFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

// Issue 29 items 2 and 5: money moved between two of the user's accounts, in two bank files, is found
// and shown as one transfer (unpaired on request); an Uncategorized row's usual category is offered
// as a chip and taken with one click.
const WALLET = '/dashboard/my-wallet';

const transactions = (page: Page) => page.getByRole('region', { name: 'Transactions' });
const row = (page: Page, text: string | RegExp): Locator =>
  transactions(page).getByRole('listitem').filter({ hasText: text });
/** The transfer found (or paired): the row with its Unpair button. */
const transfer = (page: Page): Locator =>
  transactions(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Unpair Transfer to Savings/ }) });
const spending = (page: Page) => page.getByRole('region', { name: 'Spending', exact: true });
const spent = (page: Page) => spending(page).locator('dt:text-is("Spent") + dd');

async function importInto(page: Page, file: string, account: string, imported: string) {
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import a bank file' });
  await wizard.getByLabel('Bank file').setInputFiles(file);
  await wizard.getByLabel('Into the account').selectOption({ label: account });
  await wizard.getByRole('button', { name: 'Upload' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: /^Import \d+ transactions?$/ }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText(imported).first()).toBeVisible();
}

test('a move between checking and savings in two files is one transfer, unpaired back; a suggested category taken in one click', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month: '2026-11',
      net_income: 4_000,
      categories: [
        { name: 'Groceries', group: 'needs', planned: 400 },
        { name: 'Dining out', group: 'wants', planned: 150 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
  const checking = await request.post('/api/v1/accounts', {
    headers,
    data: { kind: 'checking', name: 'Checking', opening_balance: 2000, opening_date: '2026-11-01' },
  });
  expect(checking.status()).toBe(201);
  const checkingId = (await checking.json()).data.id as string;
  expect(
    (await request.post('/api/v1/accounts', { headers, data: { kind: 'savings', name: 'Savings' } })).status(),
  ).toBe(201);
  // History: Trader Joe's is the user's groceries.
  const bought = await request.post('/api/v1/wallet/transactions', {
    headers,
    data: {
      date: '2026-11-02',
      payee: 'TRADER JOE S #552 SAN FRANCISCO CA',
      amount: -40,
      category: 'Groceries',
      account_id: checkingId,
    },
  });
  expect(bought.status()).toBe(201);

  const checkingFile = testInfo.outputPath('checking.csv');
  writeFileSync(
    checkingFile,
    'Date,Description,Amount\n11/16/2026,ONLINE TRANSFER TO SAVINGS,-500.00\n11/17/2026,TRADER JOE S #101 OAKLAND CA,-23.45\n',
  );
  const savingsFile = testInfo.outputPath('savings.csv');
  writeFileSync(savingsFile, 'Date,Description,Amount\n11/17/2026,TRANSFER FROM CHECKING,500.00\n');

  await logIn(page, email, password);
  await page.goto(`${WALLET}?month=2026-11`);
  await importInto(page, checkingFile, 'Checking', 'Imported 2 transactions');
  await expect(spent(page)).toHaveText('$563.45');
  await importInto(page, savingsFile, 'Savings', 'Imported 1 transaction, 1 transfer between your accounts found');

  // One transfer, seen from the account the money left; neither spending nor income.
  const moved = transfer(page);
  await expect(moved).toContainText(/online transfer to savings/i);
  await expect(moved).toContainText('−$500.00');
  await expect(row(page, /transfer from checking/i)).toHaveCount(0);
  await expect(spent(page)).toHaveText('$63.45');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'transfers-found-1-transfer');

  // The Trader Joe's row offers Groceries: taken with one click (keyboard: it is a button).
  const groceries = row(page, '−$23.45');
  const chip = groceries.getByRole('button', { name: /under Groceries$/ });
  await expect(chip).toHaveText('Groceries?');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'transfers-found-2-suggestion');
  await chip.focus();
  await page.keyboard.press('Enter');
  await expect(groceries).toContainText('Groceries');
  await expect(groceries.getByRole('button', { name: /under Groceries$/ })).toHaveCount(0);

  // Unpaired: the two rows come back as they were (money out of checking and into savings).
  await moved.getByRole('button', { name: /^Unpair Transfer to Savings/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpair “Transfer to Savings”?' });
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'transfers-found-3-unpair');
  await dialog.getByRole('button', { name: 'Unpair' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, /online transfer to savings/i)).toContainText('−$500.00');
  await expect(row(page, /transfer from checking/i)).toContainText('+$500.00');
  await expect(transfer(page)).toHaveCount(0);
  await expect(spent(page)).toHaveText('$563.45');

  // Paired again by hand from the transaction's transfer dialog: 'Pair with a transfer…'.
  await transactions(page)
    .getByRole('button', { name: /^Mark Online Transfer to Savings/i })
    .click();
  const make = page.getByRole('dialog', { name: /is a transfer$/ });
  const candidate = make.getByRole('button', { name: /^Pair with Transfer from Checking/i });
  await expect(candidate).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'transfers-found-4-pair');
  await candidate.click();
  await expect(make).toBeHidden();
  await expect(transfer(page)).toContainText('−$500.00');
  await expect(spent(page)).toHaveText('$63.45');
  await expectAccessible(page);
});

test('a loan payment found in a bank row is unpaired back: spending again, and the loan owes it again', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const catalogue = (await (await request.get('/api/v1/debts')).json()).data as { id: number; debt_name: string }[];
  // Due today: a $450 "AUTO LOAN" row dated today is its payment.
  const today = new Date().toISOString().slice(0, 10);
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
          due_date: today,
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  const paid = await request.post('/api/v1/wallet/transactions', {
    headers,
    data: { date: today, payee: 'TOYOTA FINANCIAL AUTO LOAN PMT', amount: -450 },
  });
  expect(paid.status()).toBe(201);
  expect((await paid.json()).data.kind).toBe('loan_payment');

  await logIn(page, email, password);
  await page.goto(WALLET);
  const found = transactions(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Unpair Auto loan/ }) });
  await expect(found).toContainText('Found in a bank row and recorded in My Loans');
  await expectAccessible(page);
  await found.getByRole('button', { name: /^Unpair Auto loan/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpair “Auto loan”?' });
  await expect(dialog).toContainText('My Loans takes the payment back');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'transfers-found-5-unpair-loan');
  await dialog.getByRole('button', { name: 'Unpair' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Unpaired: My Loans took the payment back').first()).toBeVisible();
  await expect(row(page, /toyota financial/i)).toContainText('Uncategorized');
  await expect(found).toHaveCount(0);
  const loans = (await (await request.get('/api/v1/user-debts', { headers })).json()).data as {
    outstanding_balance: number;
  }[];
  expect(loans[0]?.outstanding_balance).toBe(18_250.5);
});
