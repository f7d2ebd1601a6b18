import { expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, saveLoans } from '../fixtures.ts';
import { expectBuckets, userWithFundAndGoal } from '../nest-fixtures.ts';
import { PNG } from '../vault-fixtures.ts';

/** Today and this month as the app counts them (New York): 'YYYY-MM-DD', 'YYYY-MM'. */
function newYorkToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

const card = (page: Page, area: string) => page.getByRole('region', { name: area, exact: true });

/** A figure of a list of figures, by its term: the `<dd>` right after the `<dt>`. */
const figure = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

/** '$1,234.50' → 1234.5 */
const amount = (text: string) => Number(text.replace(/[$,]/g, ''));

test('a new user sees an invitation to every area, and no figures', async ({ page, request }, testInfo) => {
  test.slow(); // eight setup pages opened in turn
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
  const invitations: [string, string, RegExp][] = [
    ['Loans', 'Add your loans', /\/loan-payments$/],
    ['Emergency fund', 'Set up your emergency fund', /\/emergency-funds$/],
    ['Lifestyle goals', 'Set a lifestyle goal', /\/lifestyle-savings-goals$/],
    ["This month's budget", 'Plan your budget', /\/my-budget$/],
    ['Investments', 'Plan your retirement', /\/my-retirement$/],
    ['Nest Account and My Wallet', 'Activate the Nest Account', /\/dashboard\/helo-money-pool$/],
    ['Vault', 'Activate the Vault', /\/dashboard\/helo-vault$/],
    ['Coming soon', 'See upcoming tools', /\/dashboard\/tools$/],
  ];
  for (const [area, link] of invitations)
    await expect(card(page, area).getByRole('link', { name: link })).toBeVisible();
  await expect(card(page, 'Net worth')).toContainText('Your net worth appears here once you add');
  // Nothing is set up: not one amount, not one progress bar.
  await expect(page.locator('main')).not.toContainText('$');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'home-new-user');

  // Each invitation leads to its area's setup.
  for (const [area, link, url] of invitations) {
    await card(page, area).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
  }
});

test("a user with data in every area sees every card, each figure as the area's own page shows it", async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // seven areas seeded and seven pages compared
  const today = newYorkToday();
  const month = today.slice(0, 7);
  const { email, password, headers } = await userWithFundAndGoal(request, { savedAmount: 2_500, activate: true });
  await saveLoans(request, email, password);
  // A tenth of each deposit goes to the loans' bucket, the rest to the Wallet.
  const rules = await request.put('/api/v1/nest/allocation', {
    headers,
    data: { rules: [{ bucket: 'loans', kind: 'percent', value: 10 }], version: 1 },
  });
  expect(rules.status()).toBe(200);
  const deposit = await request.post('/api/v1/nest/deposits', {
    headers,
    data: { amount: 2_000, date: today, source: 'Paycheck' },
  });
  expect(deposit.status()).toBe(201);
  const spending = await request.post('/api/v1/wallet/transactions', {
    headers,
    data: { date: today, payee: 'Corner Grocer', amount: -45.2 },
  });
  expect(spending.status()).toBe(201);
  const budget = await request.post('/api/v1/user-budgets', {
    headers,
    data: {
      month,
      net_income: 4_000,
      categories: [
        { name: 'Groceries', group: 'needs', planned: 400 },
        { name: 'Dining out', group: 'wants', planned: 150 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
  const investment = await request.post('/api/v1/user-investment', {
    headers,
    data: {
      birth_year: new Date().getFullYear() - 35,
      retirement_age: 65,
      accounts: [
        {
          name: 'Work 401(k)',
          kind: '401k',
          balance: 50_000,
          monthly_contribution: 500,
          employer_monthly_contribution: 250,
          expected_return_percent: 6,
        },
      ],
    },
  });
  expect(investment.status()).toBe(201);
  expect((await request.post('/api/v1/vault/activate', { headers })).status()).toBe(201);
  const upload = await request.post('/api/v1/vault/files', {
    headers,
    multipart: { file: { name: 'Receipt.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(201);

  await logIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();

  // The figures as seeded (the loans of saveLoans: $12,000, $4,500 and $180,000; $350, $150 and $1,200 a month).
  const loans = card(page, 'Loans');
  await expect(figure(loans, 'Total debt')).toHaveText('$196,500.00');
  await expect(figure(loans, 'Monthly payments')).toHaveText('$1,700.00');
  const fund = card(page, 'Emergency fund');
  await expect(figure(fund, 'Saved')).toHaveText('$2,500.00');
  await expect(fund.getByRole('progressbar', { name: 'Progress to your 3-month target' })).toBeVisible();
  const goals = card(page, 'Lifestyle goals');
  await expect(goals.getByText('$0.00 of $6,000.00')).toBeVisible();
  const budgetCard = card(page, "This month's budget");
  await expect(budgetCard.locator('dt', { hasText: /^Planned for / }).locator('+ dd')).toHaveText('$550.00');
  await expect(figure(budgetCard, 'Spent')).toHaveText('$45.20');
  await expect(figure(budgetCard, 'Left')).toHaveText('$504.80');
  const investments = card(page, 'Investments');
  await expect(figure(investments, 'Total balance')).toHaveText('$50,000.00');
  await expect(figure(investments, 'Monthly income at 65')).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  const nest = card(page, 'Nest Account');
  await expect(figure(nest, 'Set aside for loan payments')).toHaveText('$200.00');
  await expect(figure(nest, 'Income this month')).toHaveText('$2,000.00');
  const wallet = card(page, 'My Wallet');
  await expect(figure(wallet, 'Balance')).toHaveText('$1,754.80');
  await expect(figure(wallet, 'Spent this month')).toHaveText('$45.20');
  await expect(figure(card(page, 'Vault'), 'Documents')).toHaveText('1');
  // 50,000 + 2,500 + 0 + (1,754.80 + 200) − 196,500
  const netWorth = card(page, 'Net worth');
  await expect(figure(netWorth, 'What you own minus what you owe')).toHaveText('-$142,045.20');
  await expect(figure(netWorth, 'Minus debts')).toHaveText('-$196,500.00');
  await expect(card(page, 'Latest notifications')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nest Account and My Wallet' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'home-every-area');

  /** Follows the card's link to its area's page, checks there, and comes back Home. */
  async function onAreaPage(area: string, link: string, url: RegExp, check: () => Promise<void>) {
    await card(page, area).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await check();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
  }

  // Loans: the total is the cards' remaining balances, the monthly payments theirs, the next payment the first card's.
  const nextPayment = await figure(loans, 'Next payment').textContent();
  await onAreaPage('Loans', 'Open My Loans', /\/dashboard\/my-loans$/, async () => {
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    const balances = await figure(page.locator('main'), 'Remaining balance').allTextContents();
    const payments = await figure(page.locator('main'), 'Monthly payment').allTextContents();
    expect(balances.reduce((sum, t) => sum + amount(t), 0)).toBe(196_500);
    expect(payments.reduce((sum, t) => sum + amount(t), 0)).toBe(1_700);
    const first = cards.first();
    const name = await first.getByRole('heading', { level: 3 }).textContent();
    const date = await first.getByText('Next payment date').locator('+ strong').textContent();
    expect(nextPayment).toBe(`${await figure(first, 'Monthly payment').textContent()} on ${date}, ${name}`);
  });

  const fundCaption = await fund.getByText(/ of \$/).textContent();
  await onAreaPage('Emergency fund', 'Open My Emergency Fund', /\/dashboard\/my-emergency-fund-details$/, async () => {
    const cushion = page.getByRole('region', { name: 'Your cushion' });
    await expect(cushion.getByText('$2,500.00', { exact: true })).toBeVisible();
    await expect(cushion.getByText(fundCaption ?? '', { exact: true })).toBeVisible();
  });

  await onAreaPage('Lifestyle goals', 'Open My Lifestyle Savings', /\/dashboard\/my-lifestyle-savings$/, async () => {
    await expect(page.getByRole('article', { name: 'Lisbon trip' }).getByText('$0.00 of $6,000.00')).toBeVisible();
  });

  // The budget's spent and planned are My Wallet's for the month.
  await onAreaPage("This month's budget", 'Open My Budget', /\/dashboard\/my-budget$/, async () => {
    await expect(figure(page.getByRole('region', { name: 'Totals' }), 'Planned')).toHaveText('$550.00');
  });

  const income = await figure(investments, 'Monthly income at 65').textContent();
  await onAreaPage('Investments', 'Open My Investments', /\/dashboard\/my-investments$/, async () => {
    await expect(figure(page.locator('main'), 'Total balance')).toHaveText('$50,000.00');
    await expect(figure(page.locator('main'), 'Monthly income it could pay')).toHaveText(income ?? '');
  });

  await onAreaPage('Nest Account', 'Open the Nest Account', /\/dashboard\/helo-money-pool$/, async () => {
    // The Nest's Wallet bucket is what deposits put there ($1,800.00); the Wallet's balance is after spending.
    await expectBuckets(page, [['Loan payments', '$200.00']]);
  });

  await onAreaPage('My Wallet', 'Open My Wallet', /\/dashboard\/my-wallet$/, async () => {
    await expect(figure(page.locator('main'), 'Wallet balance')).toHaveText('$1,754.80');
    await expect(figure(page.locator('main'), 'Spent')).toHaveText('$45.20');
    await expect(figure(page.locator('main'), 'Planned')).toHaveText('$550.00');
  });

  // The Vault lists its files as cards on a phone and as a table's rows on a desktop.
  await onAreaPage('Vault', 'Open the Vault', /\/dashboard\/helo-vault$/, async () => {
    const files = page.getByRole('region', { name: 'Your files' });
    const names =
      (page.viewportSize()?.width ?? 1280) < 1024
        ? files.getByRole('list', { name: 'Files' }).getByRole('heading')
        : files.getByRole('rowheader');
    await expect(names).toHaveText(['Receipt.png']);
  });

  // A change elsewhere shows on Home when it is opened again (the page asks afresh).
  const more = await request.post('/api/v1/wallet/transactions', {
    headers,
    data: { date: today, payee: 'Book shop', amount: -4.8 },
  });
  expect(more.status()).toBe(201);
  await page.getByRole('link', { name: 'Open My Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await page.goBack();
  await expect(figure(card(page, 'My Wallet'), 'Spent this month')).toHaveText('$50.00');
  await expect(figure(card(page, "This month's budget"), 'Left')).toHaveText('$500.00');
});
