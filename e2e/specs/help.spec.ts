import { expect, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

test.beforeEach(async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
});

test('the help centre has a card per topic, each opening its article; Back returns', async ({ page }, testInfo) => {
  await page.goto('/dashboard/help-center');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(9);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'help-center');
  await page.getByRole('link', { name: /^Emergency Fund/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/help-center\/emergency-fund$/);
  for (const heading of ['Learn More', 'What It Does', 'How It Works Technically']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('article')).toContainText(/3 to 6 months|3–6 months|three to six months/);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'help-article');
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help-center$/);
});

test('the help centre searches its topics and the glossary', async ({ page }, testInfo) => {
  await page.goto('/dashboard/help-center');
  const search = page.getByRole('textbox', { name: 'Search help and the glossary' });
  await search.fill('ofx');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Wallet/ })).toBeVisible();
  await expect(main.getByRole('listitem')).toHaveCount(1);
  await search.fill('apr');
  await expect(main.getByRole('term').filter({ hasText: /^APR$/ })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'help-center-search');
  await search.fill('zzzz');
  await expect(page.getByText('Nothing matches “zzzz”.', { exact: true }).first()).toBeVisible();
  await search.fill('');
  await expect(main.getByRole('listitem')).toHaveCount(9);
});

test('an unknown topic goes to the help centre; HelpDetail shows the article by id', async ({ page }) => {
  await page.goto('/dashboard/help-center/no-such-topic');
  await expect(page).toHaveURL(/\/dashboard\/help-center$/);
  await page.goto('/dashboard/HelpDetail/4');
  await expect(page.getByRole('heading', { level: 2, name: 'What It Does' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(/twice a month/);
  await page.goto('/dashboard/help-center/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect with an Advisor' })).toBeVisible();
});

test('the glossary is searchable', async ({ page }, testInfo) => {
  await page.goto('/dashboard/Glossary');
  await expect(page.getByRole('term').filter({ hasText: /^APR$/ })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'glossary');
  await page.getByLabel('Search terms').fill('amortiz');
  await expect(page.getByRole('term').filter({ hasText: 'Amortization' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^APY$/ })).toHaveCount(0);
  await page.getByLabel('Search terms').fill('zzzz');
  await expect(page.getByText('No terms match “zzzz”.', { exact: true }).first()).toBeVisible();
  // Read out once the typing stops, not on every keystroke.
  await expect(page.getByRole('status').filter({ hasText: 'No terms match “zzzz”.' })).toHaveCount(1);
});
