import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/finance',
      'packages/contract',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.processes.config.ts',
      'apps/web',
    ],
    // Vitest's default is one worker fewer than the cores: one on CI's two. The main process mostly waits,
    // so every core gets a worker.
    maxWorkers: availableParallelism(),
    // The JSON report lets .ci/run print one closing count over the PGlite and PostgreSQL runs.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
