import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, logIn, openMenuIfCollapsed } from '../fixtures.ts';
import { REFRESH_GRACE_MS } from '../server-settings.ts';

// The access token lives 15 minutes; the browser's clock is moved past it, the server's is not.
const PAST_TOKEN_LIFETIME = '16:00';
// The server's grace for a rotated refresh token (shortened for these tests: server-settings.ts): after
// it, presenting that token again is reuse and ends the session. Real time must pass it for a stale copy to show.
const PAST_REUSE_GRACE_MS = REFRESH_GRACE_MS + 1_000;

/** In-app navigation (no reload), so the tab keeps what it holds in memory. */
async function openFromMenu(page: Page, name: string) {
  await openMenuIfCollapsed(page);
  await page.getByRole('link', { name, exact: true }).first().click();
}

/** Profile Settings lists the signed-in devices from the API: it shows only with a working session. */
async function expectSignedIn(page: Page) {
  await openFromMenu(page, 'Sam Rivera');
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);
  await expect(page.getByText('· This device')).toBeVisible();
  await openFromMenu(page, 'Home');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

test('two tabs stay signed in over two token lifetimes, refreshing through the shared cookie', async ({
  context,
  request,
}) => {
  test.slow();
  const { email, password } = await createVerifiedAccount(request);
  const refreshBodies: string[] = [];
  context.on('request', (r) => {
    if (r.url().endsWith('/api/v1/auth/token')) refreshBodies.push(r.postData() ?? '');
  });

  const first = await context.newPage();
  await first.clock.install();
  await logIn(first, email, password);
  const second = await context.newPage();
  await second.clock.install();
  await second.goto('/dashboard/home');

  for (const round of [1, 2]) {
    await first.clock.fastForward(PAST_TOKEN_LIFETIME);
    await second.clock.fastForward(PAST_TOKEN_LIFETIME);
    await expectSignedIn(first);
    await new Promise((resolve) => setTimeout(resolve, PAST_REUSE_GRACE_MS));
    await expectSignedIn(second);
    expect(refreshBodies.length, `refreshes after round ${round}`).toBeGreaterThanOrEqual(round);
    await new Promise((resolve) => setTimeout(resolve, PAST_REUSE_GRACE_MS));
  }

  // Every refresh went by the cookie alone: no tab held a copy of the token that could go stale.
  expect(refreshBodies.every((body) => body === '{}')).toBe(true);
  // And the session is still alive on the server: a fresh page load in either tab stays signed in.
  for (const page of [first, second]) {
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(
      page.getByRole('button', { name: 'Log Out' }).or(page.getByRole('button', { name: 'Menu' })),
    ).toBeVisible();
  }
});

test('a failed refresh while the server restarts keeps the user signed in, and the next one works', async ({
  page,
  request,
}) => {
  const { email, password } = await createVerifiedAccount(request);
  await page.clock.install();
  await logIn(page, email, password);

  await page.route('**/api/v1/auth/token', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Server is restarting"}' }),
  );
  await page.clock.fastForward(PAST_TOKEN_LIFETIME);
  await openFromMenu(page, 'Sam Rivera');
  await expect(page.getByText('Your devices could not be loaded. Please reload.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);

  await page.unroute('**/api/v1/auth/token');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/token') && r.status() === 200);
  await page.reload();
  await refreshed;
  await expect(page).toHaveURL(/\/dashboard\/ProfileSettings$/);
  await expect(page.getByText('· This device')).toBeVisible();
});

test('signing out in one tab signs the other tab out too', async ({ context, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  const first = await context.newPage();
  await logIn(first, email, password);
  const second = await context.newPage();
  await second.goto('/dashboard/home');
  await expect(second).toHaveURL(/\/dashboard\/home$/);

  await openMenuIfCollapsed(first);
  await first.getByRole('button', { name: 'Log Out' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login/);
});
