import { configDefaults, defineConfig } from 'vitest/config';
import { skippedOnPostgres } from './test/db-free-files.ts';
import { processTestFiles } from './test/process-files.ts';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `npm run test:pg` runs the suite again on PostgreSQL, without the files that cannot behave differently there.
    exclude: [...configDefaults.exclude, ...skippedOnPostgres, ...processTestFiles],
    globalSetup: ['./test/global-setup.ts'],
    // Unisolated: a worker runs file after file instead of a fresh process each, which halves the CPU
    // (each file imported Fastify, Drizzle, zod and the app and compiled PGlite's WebAssembly again).
    // Every file still gets its own database and app, and no API test mocks modules or stubs globals.
    // Files that start child processes run isolated in vitest.processes.config.ts.
    isolate: false,
    // Each test file opens its own database; argon2 and PGlite make single tests take a while.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
