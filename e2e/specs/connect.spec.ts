import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

// The support address the e2e server runs with (playwright.config.ts).
const SUPPORT = 'help@helo.example';

const professionals = (page: Page) => page.getByRole('group', { name: 'Which professionals do you need?' });
const worksWithOne = (page: Page) =>
  page.getByRole('group', { name: 'Do you already work with a financial professional?' });
const satisfaction = (page: Page) => page.getByRole('group', { name: 'How satisfied are you with them?' });
const saveAnswer = (page: Page, method: 'POST' | 'PUT') =>
  page.waitForResponse((r) => r.url().endsWith('/api/v1/user-connect') && r.request().method() === method);

test('a new user asks to be connected, is thanked, closes to home, and a second visit updates the request', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

  await page.goto('/dashboard/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect with an Advisor' })).toBeVisible();
  // Spec: 'yes' is the default answer, so the satisfaction question shows from the start.
  await expect(worksWithOne(page).getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(satisfaction(page)).toBeVisible();
  await expect(satisfaction(page).getByRole('radio')).toHaveCount(4);
  await expect(professionals(page).getByRole('checkbox')).toHaveCount(7);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'connect-form');

  // Sent empty: each question says what it needs, and nothing is sent.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(professionals(page).getByText('Choose at least one professional')).toBeVisible();
  await expect(satisfaction(page).getByText('Choose how satisfied you are')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'connect-form-errors');

  // By keyboard: Space ticks a box; the arrows move between Yes and No and the question follows.
  await professionals(page).getByRole('checkbox', { name: 'Financial Advisor' }).focus();
  await page.keyboard.press('Space');
  await expect(professionals(page).getByRole('checkbox', { name: 'Financial Advisor' })).toBeChecked();
  await worksWithOne(page).getByRole('radio', { name: 'Yes' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(worksWithOne(page).getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(satisfaction(page)).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(satisfaction(page)).toBeVisible();

  await professionals(page).getByText('Accountant').click();
  await satisfaction(page).getByText('Satisfied', { exact: true }).click();
  await keepScreenshot(page, testInfo, 'connect-form-filled');
  const created = saveAnswer(page, 'POST');
  await page.getByRole('button', { name: 'Send request' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'connect-thanks');

  // The bell shows the server's notification without a reload.
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
  await bell.click();
  await expect(page.locator('#notification-panel').getByText('Advisor request received')).toBeVisible();
  await page.keyboard.press('Escape');

  // The support team got the request by mail.
  const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(SUPPORT)}`);
  const mails = (await outbox.json()).data as { kind: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.kind === 'advisor_request' && m.text.includes(email));
  expect(mail?.subject).toBe('New advisor request: Sam Rivera');
  expect(mail?.text).toContain('asks to be connected with: Financial Advisor, Accountant.');

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  // Second visit: the answers sent are there, and sending again updates them.
  await page.goto('/dashboard/chat');
  await expect(page.getByText(/^You sent your request on /)).toBeVisible();
  await expect(professionals(page).getByRole('checkbox', { name: 'Financial Advisor' })).toBeChecked();
  await expect(professionals(page).getByRole('checkbox', { name: 'Accountant' })).toBeChecked();
  await expect(professionals(page).getByRole('checkbox', { name: 'Mortgage Broker' })).not.toBeChecked();
  await expect(satisfaction(page).getByRole('radio', { name: 'Satisfied', exact: true })).toBeChecked();
  await expectAccessible(page);

  await professionals(page).getByText('Accountant').click();
  await professionals(page).getByText('Real Estate Agent').click();
  await worksWithOne(page).getByText('No', { exact: true }).click();
  await expect(satisfaction(page)).toHaveCount(0);
  const updated = saveAnswer(page, 'PUT');
  await page.getByRole('button', { name: 'Update request' }).click();
  const put = await updated;
  expect(put.status()).toBe(200);
  expect(put.request().postDataJSON()).toEqual({
    professionals_need: ['Financial Advisor', 'Real Estate Agent'],
    has_working_professional: false,
    satisfaction_level: null,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/^We received your updated request\./)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 4 unread');

  await page.reload();
  await expect(professionals(page).getByRole('checkbox', { name: 'Real Estate Agent' })).toBeChecked();
  await expect(professionals(page).getByRole('checkbox', { name: 'Accountant' })).not.toBeChecked();
  await expect(worksWithOne(page).getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(satisfaction(page)).toHaveCount(0);
});

test('a failed save keeps the form with a short alert, and sending again works', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  let fail = true;
  await page.route('**/api/v1/user-connect', (route) =>
    fail && route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'Internal server error' } })
      : route.fallback(),
  );
  await page.goto('/dashboard/chat');
  await professionals(page).getByText('Mortgage Broker').click();
  await worksWithOne(page).getByText('No', { exact: true }).click();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your request could not be sent just now. Please try again.');
  await expect(professionals(page).getByRole('checkbox', { name: 'Mortgage Broker' })).toBeChecked();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'connect-save-failed');

  fail = false;
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
});
