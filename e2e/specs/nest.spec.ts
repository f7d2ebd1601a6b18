import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, openMenuIfCollapsed } from '../fixtures.ts';

const NEST = '/dashboard/helo-money-pool';
const WALLET = '/dashboard/my-wallet';

/** The menu's Nest Account and My Wallet links, in the side bar (desktop) or the opened drawer (phone). */
async function nestLinks(page: Page) {
  await openMenuIfCollapsed(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  return {
    nav,
    nest: nav.getByRole('link', { name: /^Nest Account/ }),
    wallet: nav.getByRole('link', { name: /^My Wallet/ }),
  };
}

async function closeMenuIfOpen(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if ((page.viewportSize()?.width ?? 1280) < 1024 && (await toggle.getAttribute('aria-expanded')) === 'true') {
    await page.keyboard.press('Escape');
  }
}

test('a new user sees the locks, activates the Nest once, and both locks go at once', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

  let links = await nestLinks(page);
  await expect(links.nest).toHaveAccessibleName('Nest Account (locked)');
  await expect(links.wallet).toHaveAccessibleName('My Wallet (locked)');
  await expect(links.nav.getByRole('link', { name: 'Vault (locked)' })).toBeVisible();
  await links.nest.click();
  await expect(page).toHaveURL(new RegExp(`${NEST}$`));
  await closeMenuIfOpen(page);

  const intro = page.getByRole('region', { name: 'Nest Account' });
  await expect(intro.getByRole('heading', { level: 1, name: 'Nest Account' })).toBeVisible();
  await expect(intro.getByText('No real money moves')).toBeVisible();
  await expect(intro.getByText(/split[s]? each amount into buckets by rules you set/)).toBeVisible();
  await expect(intro.getByRole('button')).toHaveText(['Activate']);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-1-before-activation');

  await intro.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nest Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your buckets' }).getByText('Wallet', { exact: true })).toBeVisible();

  // The locks went without a reload: the menu reads the same query the activation answered.
  links = await nestLinks(page);
  await expect(links.nest).toHaveAccessibleName('Nest Account');
  await expect(links.wallet).toHaveAccessibleName('My Wallet');
  await expect(links.nav.getByRole('link', { name: 'Vault (locked)' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-2-menu-after-activation');

  await links.wallet.click();
  await expect(page).toHaveURL(new RegExp(`${WALLET}$`));
  await closeMenuIfOpen(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('$0.00');
  await expect(page.getByText('Wallet balance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'nest-3-wallet');

  // Still on after a fresh load: the activation is the server's, not the page's.
  await page.reload();
  links = await nestLinks(page);
  await expect(links.wallet).toHaveAccessibleName('My Wallet');
  await expect(links.nest).toHaveAccessibleName('Nest Account');
});
