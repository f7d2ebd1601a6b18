import { gzipSync } from 'node:zlib';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, logIn, saveLoans } from '../fixtures.ts';

/**
 * JavaScript budgets per route, in gzipped KB (1 KB = 1024 bytes), for a first visit with an empty
 * cache. The sign-in page is what every visitor downloads first (issue 9: at most 100 KB); the others
 * are measured figures plus a little headroom, so a new import that drags a library onto a page
 * fails here instead of creeping in. Raise a budget only on purpose, and say why in the commit.
 */
const BUDGETS: { path: string; heading: RegExp | string; signedIn: boolean; budgetKb: number }[] = [
  { path: '/login', heading: 'Log in to Helo', signedIn: false, budgetKb: 100 },
  // Light forms like the sign-in's since (zod and react-hook-form load on the form's first focus):
  // 131.9 and 134.3 KB measured before, 89.9 and 92.2 after; lowered to keep that.
  { path: '/forgot-password', heading: 'Forgot your password?', signedIn: false, budgetKb: 96 },
  { path: '/onboarding', heading: 'Create your Helo account', signedIn: false, budgetKb: 98 },
  // Signed-in pages check every answer against the contract's schemas (issue 11): zod, ~24 KB, is
  // part of them since (132.6 and 157.6 KB measured then).
  // 141.1 KB after sudo mode and deep links (the API client's auth interrupt, `next` paths, the header
  // menus' dismiss hook: ~1.3 KB in the entry chunk); the interrupt's dialog itself loads on demand.
  // 143.6 KB after issue 29: the shared contract chunk (26.4 KB) carries My Wallet's new fields (tags,
  // splits, the bank's words, suggestions, paired transfers) that Home's wallet figures parse too.
  // 145.8 KB after issue 30's "Lowest balance before the next payday" line on Home (+1.0 KB from 144.8:
  // the line, its query and its two chunks); the forecast's chart and page stay off Home.
  // 146.8 KB once issue 30 merged: the Bills calendar's link and the recurring fields in the shared
  // contract chunk (28.3 KB). Issue 32 (every page quick on a phone) takes Home's script on as a whole.
  { path: '/dashboard/home', heading: /welcome/i, signedIn: true, budgetKb: 148 },
  { path: '/dashboard/my-loans', heading: 'My Loans', signedIn: true, budgetKb: 170 },
];

interface Script {
  url: string;
  gzipBytes: number;
  wireBytes: number;
}

/** Opens `path` in a page whose HTTP cache is off and returns every script the page downloaded. */
async function scriptsOf(context: BrowserContext, path: string, heading: RegExp | string): Promise<Script[]> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    responses.push(
      (async () => ({
        url: new URL(response.url()).pathname,
        // The same measure as the budgets: the file's gzip size (the server may send brotli).
        gzipBytes: gzipSync(await response.body(), { level: 9 }).length,
        wireBytes: (await response.request().sizes()).responseBodySize,
      }))(),
    );
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(responses);
  await page.close();
  return scripts;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

// The worker is tested in pwa.spec.ts; here it would add its own downloads to the page's.
test.use({ serviceWorkers: 'block' });

test('each main route stays within its JavaScript budget on a first visit', async ({ browser, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  await saveLoans(request, email, password);
  const signedOut = await browser.newContext();
  const signedIn = await browser.newContext();
  const first = await signedIn.newPage();
  await logIn(first, email, password);
  await first.close();

  const report: string[] = [];
  const over: string[] = [];
  for (const route of BUDGETS) {
    const scripts = await scriptsOf(route.signedIn ? signedIn : signedOut, route.path, route.heading);
    expect(scripts.length, route.path).toBeGreaterThan(0);
    const gzip = kb(scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
    const wire = kb(scripts.reduce((sum, s) => sum + s.wireBytes, 0));
    report.push(
      `${route.path}: ${gzip} KB gzipped (${wire} KB on the wire, ${scripts.length} files), budget ${route.budgetKb} KB`,
    );
    if (gzip > route.budgetKb) {
      const biggest = [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
      over.push(
        `${route.path} ${gzip} KB > ${route.budgetKb} KB; largest: ${biggest.map((s) => `${s.url} ${kb(s.gzipBytes)}`).join(', ')}`,
      );
    }
  }
  console.log(report.join('\n'));
  await signedOut.close();
  await signedIn.close();
  expect(over).toEqual([]);
});

test('My Wallet downloads the bank import wizard only when it is opened', async ({ page, request }) => {
  const { email, password } = await createVerifiedAccount(request);
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  const headers = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await logIn(page, email, password);
  await page.goto('/dashboard/my-wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('/my-wallet-page-'))).toBe(true);
  expect(scripts.filter((s) => s.includes('/import-wizard-'))).toEqual([]);
  await page.getByRole('button', { name: 'Import a bank file' }).click();
  await expect(page.getByRole('dialog', { name: 'Import a bank file' })).toBeVisible();
  expect(scripts.filter((s) => s.includes('/import-wizard-'))).toHaveLength(1);
});
