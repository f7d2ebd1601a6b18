import type { MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The catalogues's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/goals': { access: 'public', status: 200 },
  'GET /api/v1/debts': { access: 'public', status: 200 },
  'GET /api/v1/debts/images/{file}': {
    access: 'public',
    send: () => ({ params: { file: 'auto-loans.svg' } }),
    status: 200,
  },
};

/** The catalogues's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
