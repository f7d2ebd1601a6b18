import { configDefaults, defineConfig } from 'vitest/config';
import { processTestFiles } from './test/process-files.ts';

// The API test files that start servers or commands as child processes, each in a fresh process
// (test/process-files.ts says why). Same setup and timeouts as vitest.config.ts.
export default defineConfig({
  test: {
    name: 'api-processes',
    include: processTestFiles,
    exclude: configDefaults.exclude,
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
