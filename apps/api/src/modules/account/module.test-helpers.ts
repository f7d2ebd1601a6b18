import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectNothingOfA, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';
import { unzip } from './unzip.test-helpers.ts';

/** The account's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  // The archive is compressed, so the check opens it: B's account only, nothing of A's in any file.
  'GET /api/v1/account/export': {
    access: 'own',
    status: 200,
    check: async (p, res) => {
      const files = await unzip(res.rawPayload);
      expect(JSON.parse(String(files.get('data.json'))).users.map((u: { id: string }) => u.id)).toEqual([p.b.userId]);
      for (const content of files.values()) expectNothingOfA({ body: String(content) } as LightMyRequestResponse);
    },
  },
  // A's password deletes neither account: B's is refused as a wrong password (400), A's is not B's to delete.
  'DELETE /api/v1/account/': {
    access: 'own',
    send: (p) => ({ body: { password: p.a.password } }),
    status: 400,
  },
};

/** The account's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
