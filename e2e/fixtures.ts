import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

let counter = 0;
/** Unique across the parallel workers too (each is a process of its own), so every test has its own user. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

export const PASSWORD = 'quiet-meadow-lantern-58';

/** The link in the newest mail of that kind sent to that address, read from the dev outbox. */
export async function mailedLink(request: APIRequestContext, email: string, kind: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()).data as { kind: string; links: string[] }[];
      link = mails.find((m) => m.kind === kind)?.links[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** Creates a verified account through the API, for tests that start signed out. */
export async function createVerifiedAccount(request: APIRequestContext, email = uniqueEmail()) {
  const res = await request.post('/api/v1/auth/register', {
    data: { first_name: 'Sam', last_name: 'Rivera', email, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  const link = await mailedLink(request, email, 'verify_email');
  const token = new URL(link).searchParams.get('token');
  expect((await request.post('/api/v1/auth/verify-email', { data: { token } })).status()).toBe(200);
  return { email, password: PASSWORD };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

/**
 * No serious or critical axe violations on the page as it is now, once what is moving has settled:
 * a toast fading in or out is half transparent, and axe would measure its text's contrast mid-fade
 * (CI saw exactly that once). Only animations with an end are awaited; a spinner's never ends.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  // A toast fading in or out (sonner marks it) is half transparent for a moment: its contrast is
  // checked once it has settled, not while a timer happens to start its exit during the scan.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-removed="true"]')
    .exclude('[data-sonner-toast][data-mounted="false"]')
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Keeps a full-page screenshot as a test artifact, named by page and viewport. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Opens the phone's menu drawer when there is one (the side bar is always open on a desktop). */
export async function openMenuIfCollapsed(page: Page) {
  // Below 1024 px the side menu is a drawer (dashboard-layout.module.css); wait for its toggle, then open it.
  if ((page.viewportSize()?.width ?? 1280) >= 1024) return;
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

export async function logOut(page: Page) {
  await openMenuIfCollapsed(page);
  // The app shows /login at once, then loads it afresh (spec §4): wait for that load, or the next
  // step can run in the page that is being replaced.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/login$/);
}

/** The API's bearer header for the account. */
export async function authHeaders(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).data.access_token}` };
}

/** Signs in through the API and saves three loans for that account; returns the bearer token. */
export async function saveLoans(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.access_token as string;
  const catalogue = (await (await request.get('/api/v1/debts')).json()).data as { id: number }[];
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const row = (i: number, balance: number, payment: number, rate: number) => ({
    debt_id: catalogue[i % catalogue.length]?.id,
    initial_loan_amount: balance * 1.5,
    outstanding_balance: balance,
    monthly_payment_amount: payment,
    interest_rate: rate,
    due_date: due,
  });
  const res = await request.put('/api/v1/user-debts', {
    headers: { authorization: `Bearer ${token}` },
    data: { debts: [row(0, 12_000, 350, 6.5), row(1, 4_500, 150, 19.9), row(2, 180_000, 1_200, 4.1)] },
  });
  expect(res.status()).toBe(200);
  return token;
}
