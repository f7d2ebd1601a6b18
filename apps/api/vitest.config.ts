import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each test file opens its own database; argon2 and PGlite make single tests take a while.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
