import type { MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The feedback's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'POST /api/v1/feedback': {
    access: 'own',
    send: () => ({ body: { answers: [1, 1, 1, 1, 1, 1], comment: 'from B' } }),
    status: 201,
  },
};

/** The feedback's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
