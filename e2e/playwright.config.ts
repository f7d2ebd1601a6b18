import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { REFRESH_GRACE_MS } from './server-settings.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// localhost, not 127.0.0.1: the refresh cookie is Secure, and browsers trust http://localhost.
const BASE_URL = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'helo-e2e-'));
// Each run builds the web app into a directory of its own: two runs at once never serve each other's
// half-written files, and the developer's apps/web/dist is left alone.
const webDist = join(mkdtempSync(join(tmpdir(), 'helo-e2e-web-')), 'dist');

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results/e2e',
  // One server, two browsers at once: every test signs up a user of its own (fixtures.ts), so tests share
  // nothing but the server. The two workers keep both cores busy (docs/measurements.md, "CI time").
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    // The product's day is New York's (decisions.md): the browser's calendar agrees with the server's
    // "today" at any hour the suite runs, as it does for a person in New York.
    timezoneId: 'America/New_York',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser on these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    // Script budgets and the service worker do not depend on the viewport: they run on the phone only.
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: ['performance.spec.ts', 'pwa.spec.ts'],
    },
  ],
  webServer: {
    // The real server on a fresh embedded database, serving the freshly built web app.
    command: `WEB_OUT_DIR=${webDist} npm run build -w @helo/web && node apps/api/src/server.ts`,
    cwd: '..',
    url: `${BASE_URL}/api/health/ready`,
    // The build and the server's start: a few minutes on a loaded machine.
    timeout: 600_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE_URL,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: 'help@helo.example',
      // Every request comes from one address: a run signs up ~200 users within the hour.
      RATE_LIMIT_MULTIPLIER: '200',
      REFRESH_GRACE_MS: String(REFRESH_GRACE_MS),
    },
  },
});
