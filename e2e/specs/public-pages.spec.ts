import { expect, test } from '@playwright/test';
import { expectAccessible, keepScreenshot } from '../fixtures.ts';

const pages = [
  { path: '/login', heading: 'Log in to Helo' },
  { path: '/onboarding', heading: 'Create your Helo account' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password?token=abc', heading: 'Choose a new password' },
  { path: '/verify-email', heading: 'Please verify your email' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-conditions', heading: 'Terms of Service' },
  { path: '/contactus', heading: 'Get in Touch' },
  { path: '/feedback', heading: 'Share your feedback' },
];

for (const { path, heading } of pages) {
  test(`${path} renders, passes axe and is screenshotted`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The shared header and footer.
    await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Helo. All rights reserved.`);
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-conditions');
    // Nothing wider than the window: no sideways scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, path.slice(1).split('?')[0] || 'root');
  });
}

test("'Log In' is hidden on /login and shown elsewhere", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await page.goto('/feedback');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the contact page shows the configured support address', async ({ page }) => {
  await page.goto('/contactus');
  await expect(page.getByText('Contact us by email, and we will get back to you soon.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'help@helo.example' })).toHaveAttribute(
    'href',
    'mailto:help@helo.example',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  // Signed out, the dashboard sends the visitor on to log in, and back to it after.
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fhome$/);
});

test('an unknown page says so', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
