import { expect } from 'vitest';
import type { MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** Onboarding's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'PUT /api/v1/onboarding/goals': {
    access: 'own',
    send: () => ({ body: { goal_ids: [4] } }),
    status: 200,
    check: (_p, res) => expect(res.json().data.goal_ids).toEqual([4]),
  },
  'GET /api/v1/onboarding/profile': { access: 'own', status: 200 },
  'PUT /api/v1/onboarding/profile': {
    access: 'own',
    send: () => ({ body: { monthly_income: 5200, first_focus: 'budget' } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toEqual({ monthly_income: 5200, first_focus: 'budget' }),
  },
};

/** Onboarding's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
