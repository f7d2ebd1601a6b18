import type { MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The app configuration's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/config': { access: 'public', status: 200 },
};

/** The app configuration's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
