import { expect } from 'vitest';
import { joinedTools, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The tools's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/tools/': {
    access: 'own',
    status: 200,
    // B's own waitlists (B may have joined A's tax planner in the POST row, or left the check-up), never A's.
    check: (_p, res) => {
      const joined = joinedTools(res.json().data);
      expect(joined).toContain('credit-score-tracker');
      expect(joined.every((id) => ['credit-score-tracker', 'insurance-check-up', 'tax-planner'].includes(id))).toBe(
        true,
      );
    },
  },
  // The id names one of the product's tools, not a row: B joins the one A is on, and A's stays as it was.
  'POST /api/v1/tools/{id}/waitlist': {
    access: 'own',
    send: () => ({ params: { id: 'tax-planner' } }),
    status: 201,
    check: (_p, res) => expect(res.json().data).toMatchObject({ id: 'tax-planner', on_waitlist: true }),
  },
  // Both are on the check-up's list: B leaves it, A is still on it.
  'DELETE /api/v1/tools/{id}/waitlist': {
    access: 'own',
    send: () => ({ params: { id: 'insurance-check-up' } }),
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject({ id: 'insurance-check-up', on_waitlist: false }),
  },
};

/** The tools' part of the test harness (module-harness.ts): one of the product's tools, which every user may join. */
export const harness: ModuleHarness = {
  matrix,
  pathIds: [{ route: /\/tools\/\{id\}\/waitlist/, param: 'id', name: 'tool_id' }],
};
