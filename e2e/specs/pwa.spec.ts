import { expect, type Page, test } from '@playwright/test';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function controlledByServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 })
    .toMatch(/\/sw\.js$/);
}

test.describe('installable app', () => {
  test('the page links a valid manifest whose icons exist at their stated sizes', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const res = await request.get(href as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/manifest\+json|json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'Helo', short_name: 'Helo', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width: w, height: h });
    }
  });

  test('the service worker controls the page, answers offline visits with the offline page, and never serves /api/', async ({
    page,
    context,
  }) => {
    const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/'))
        apiResponses.push({ url: r.url(), fromServiceWorker: r.fromServiceWorker() });
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Helo' })).toBeVisible();
    await controlledByServiceWorker(page);

    // Online, pages come from the network: the app itself, not a cached copy or the offline page.
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your Helo account' })).toBeVisible();
    await page.evaluate(() => fetch('/api/health/live').then((r) => r.json()));
    const docs = await page.goto('/api/docs/openapi.json');
    expect(docs?.fromServiceWorker()).toBe(false);
    expect((await docs?.json())?.openapi).toMatch(/^3\./);

    // Nothing the worker stored is an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => u.startsWith('/assets/index-'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);

    await page.goto('/login');
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.goto('/dashboard/home');
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
      // An API call offline fails instead of being answered from a cache.
      const offlineApi = await page.evaluate(() =>
        fetch('/api/health/live').then(
          () => 'answered',
          () => 'failed',
        ),
      );
      expect(offlineApi).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
    expect(apiResponses.length).toBeGreaterThan(0);
    expect(apiResponses.filter((r) => r.fromServiceWorker)).toEqual([]);
  });
});
