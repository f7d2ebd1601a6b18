import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/finance', 'packages/contract', 'apps/api', 'apps/web'],
    // The JSON report lets .ci/run print one closing count over the PGlite and PostgreSQL runs.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
