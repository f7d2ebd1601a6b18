import type { MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The health checks's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/health/live': { access: 'public', status: 200 },
  'GET /api/health/ready': { access: 'public', status: 200 },
};

/** The health checks's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
