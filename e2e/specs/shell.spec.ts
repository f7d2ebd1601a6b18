import { expect, type Page, test } from '@playwright/test';
import {
  createVerifiedAccount,
  expectAccessible,
  keepScreenshot,
  logIn,
  mailedLink,
  PASSWORD,
  uniqueEmail,
} from '../fixtures.ts';

/** The box of an element, which must be on screen. */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).boundingBox();
  if (!b) throw new Error(`${selector} is not on screen`);
  return b;
}

test('the help menu opens over the page, inside the screen, without moving the header', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto('/dashboard/my-wallet');
  const help = page.getByRole('button', { name: 'Help' });
  const header = await box(page, 'header');

  await help.click();
  const menu = page.getByRole('list', { name: 'Help' });
  await expect(menu).toBeVisible();
  // Focus moves in: the first entry, which fits the page.
  await expect(menu.getByRole('link', { name: 'Help with this page' })).toBeFocused();
  expect(await box(page, 'header')).toEqual(header);
  const popup = await box(page, '#help-menu');
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(popup.x).toBeGreaterThanOrEqual(0);
  expect(popup.y).toBeGreaterThanOrEqual(0);
  expect(popup.x + popup.width).toBeLessThanOrEqual(viewport.width);
  expect(popup.y + popup.height).toBeLessThanOrEqual(viewport.height);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'help-menu');

  // Escape closes it and gives the focus back to the button; so does a click outside (without the focus).
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(help).toBeFocused();
  await help.click();
  await expect(menu).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 200 } });
  await expect(menu).toHaveCount(0);
  await help.click();
  await menu.getByRole('link', { name: 'Help with this page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help-center\/wallet$/);
});

test('a deep link opened signed out returns there after signing in; another site never', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await page.goto('/dashboard/my-wallet');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fmy-wallet$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-wallet$/);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/x')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/dashboard\/home$/);
});

test('"See all notifications" opens the page of every notification, with an unread filter and mark-as-read', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  // A new account has two unread: the welcome and the verified email.
  await page.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'notifications-all');

  const markButtons = list.getByRole('button', { name: /^Mark as read/ });
  await markButtons.first().click();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(markButtons).toHaveCount(1);
  await expect(list).toBeFocused();

  await page.getByText('Unread (1)').click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'notifications-unread');
  await page.getByRole('button', { name: 'Mark all as Read' }).click();
  await expect(page.getByText('Nothing unread')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'notifications-none-unread');
  await page.getByText('All', { exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(markButtons).toHaveCount(0);
});

test('onboarding: "My dashboard" says why it waits, "Email verified" once, then the setup fills in the income and leads on', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // sign-in, verification, the setup and two areas, with an axe scan at each new state
  // Signed up through the API, signed in through the page: the user waits for the mail.
  const email = uniqueEmail('setup');
  const res = await request.post('/api/v1/auth/register', {
    data: { first_name: 'Maya', last_name: 'Chen', email, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Please verify your email' })).toBeVisible();

  // 'My dashboard' cannot open yet: it says why instead of reloading this page.
  const dashboard = page.getByRole('button', { name: 'My dashboard' });
  await dashboard.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your dashboard opens once your email is verified' }),
  ).toContainText(email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'unverified-dashboard-note');
  await page.keyboard.press('Escape');
  await expect(dashboard).toBeFocused();

  await page.goto(await mailedLink(request, email, 'verify_email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByText(/Email verified/)).toHaveCount(1);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'email-verified');

  // The optional setup (after the goals, which journey.spec.ts walks).
  await page.goto('/dashboard/all-set-up');
  const income = page.getByLabel('Monthly take-home income');
  await page.getByRole('radio', { name: 'Build an emergency fund' }).check();
  await income.fill('6500');
  await income.blur();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'first-setup');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Led to the area chosen, whose income question starts from the answer; so does the budget's.
  await expect(page).toHaveURL(/\/emergency-funds$/);
  await page.getByRole('button', { name: 'Start Now' }).click();
  await expect(page.getByLabel('Monthly income', { exact: true })).toHaveValue('$6,500.00');
  await keepScreenshot(page, testInfo, 'first-setup-fund');
  await page.goto('/my-budget');
  await expect(page.getByLabel('Net monthly income')).toHaveValue('$6,500.00');
});
