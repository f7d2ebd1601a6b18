import { configDefaults, defineConfig } from 'vitest/config';
import { dbFreeTestFiles } from './test/db-free-files.ts';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `npm run test:pg` runs the suite again on PostgreSQL, without the files that never open a database.
    exclude: process.env.TEST_SKIP_DB_FREE ? [...configDefaults.exclude, ...dbFreeTestFiles] : configDefaults.exclude,
    globalSetup: ['./test/global-setup.ts'],
    // One worker process runs many files in turn instead of a fresh process per file: the API's modules
    // and PGlite's WebAssembly load once per worker, half the suite's CPU time (ARCHITECTURE.md: CI time).
    // Each file still gets its own database and app; the API's tests mock no modules and stub no globals.
    isolate: false,
    // Each test file opens its own database; argon2 and PGlite make single tests take a while.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
