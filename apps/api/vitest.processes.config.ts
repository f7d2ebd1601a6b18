import { configDefaults, defineConfig } from 'vitest/config';
import { skippedOnPostgres } from './test/db-free-files.ts';
import { processTestFiles } from './test/process-files.ts';

// The API test files that start servers or commands as child processes, each in a fresh process
// (test/process-files.ts says why). Same setup and timeouts as vitest.config.ts.
export default defineConfig({
  test: {
    name: 'api-processes',
    include: processTestFiles,
    // The PostgreSQL run leaves out those that always use the embedded database (db-free-files.ts).
    exclude: [...configDefaults.exclude, ...skippedOnPostgres],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
