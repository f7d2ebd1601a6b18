import { configDefaults, defineConfig } from 'vitest/config';
import { dbFreeTestFiles } from './test/db-free-files.ts';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `npm run test:pg` runs the suite again on PostgreSQL, without the files that never open a database.
    exclude: process.env.TEST_SKIP_DB_FREE ? [...configDefaults.exclude, ...dbFreeTestFiles] : configDefaults.exclude,
    globalSetup: ['./test/global-setup.ts'],
    // Isolated (a fresh process per file), as before: unisolated halves the suite's CPU time
    // (ARCHITECTURE.md: CI time), but backup.test.ts's commands then time out after other files ran in
    // the same worker, while the file passes alone. Back to unisolated once that is understood.
    // Each test file opens its own database; argon2 and PGlite make single tests take a while.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
