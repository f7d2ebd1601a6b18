// Renders the PNG icons of the web app manifest from the logo (public/favicon.svg) with Chromium.
// Run by hand when the logo changes: `npx node apps/web/scripts/make-icons.ts`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = join(import.meta.dirname, '../public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
// Maskable icons are cropped to a circle or squircle by the system: a full-bleed square, the mark
// inside the central safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0f766e"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)"><path d="M10 8v16M22 8v16M10 16h12" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/></g></svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [svg, size, name] of [
  [logo, 192, 'icon-192'],
  [logo, 512, 'icon-512'],
  [maskable, 512, 'maskable-512'],
  [maskable, 180, 'apple-touch-icon'],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: join(publicDir, `icons/${name}.png`), omitBackground: true });
}
await browser.close();
