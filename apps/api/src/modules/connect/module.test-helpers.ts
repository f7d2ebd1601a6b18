import { expect } from 'vitest';
import { bConnect, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** Connect's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/user-connect/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data.professionals_need).toEqual(bConnect.professionals_need),
  },
  // B has a request already: a second is a 409, and A's is not touched.
  'POST /api/v1/user-connect/': { access: 'own', send: () => ({ body: bConnect }), status: 409 },
  'PUT /api/v1/user-connect/': {
    access: 'own',
    send: () => ({ body: bConnect }),
    status: 200,
    check: (_p, res) => expect(res.json().data.professionals_need).toEqual(bConnect.professionals_need),
  },
};

/** Connect's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
