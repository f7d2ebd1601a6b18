import { expect } from 'vitest';
import type { MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The loan plan's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/loan-plan/': {
    access: 'own',
    status: 200,
    // B's own ($100.50 from the seed, or $2 once B's PUT ran), never A's $200.50.
    check: (_p, res) => expect([100.5, 2]).toContain(res.json().data.extra_monthly),
  },
  'PUT /api/v1/loan-plan/': {
    access: 'own',
    send: () => ({ body: { extra_monthly: 2 } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toEqual({ extra_monthly: 2 }),
  },
};

/** The loan plan's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
