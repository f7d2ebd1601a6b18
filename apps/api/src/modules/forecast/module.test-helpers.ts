import { expect } from 'vitest';
import { aSavings, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The forecast's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/forecast/': {
    access: 'own',
    status: 200,
    check: (_p, res) => {
      const ids = res.json().data.accounts.map((a: { id: string }) => a.id);
      expect(ids).not.toContain(aSavings().id);
    },
  },
  'GET /api/v1/forecast/settings': { access: 'own', status: 200 },
  // A's account in B's floors is refused like one that does not exist.
  'PUT /api/v1/forecast/settings': {
    access: 'own',
    send: () => ({ body: { floor: 0, account_floors: [{ account_id: aSavings().id, floor: 1 }] } }),
    status: 400,
  },
};

/** The forecast's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
