import { expect } from 'vitest';
import { aInvestment, bBudget, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** Home's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/home/': {
    access: 'own',
    status: 200,
    // B's figures only: B's November budget (A's is October), B's retirement age (62 is A's).
    check: (_p, res) => {
      const data = res.json().data;
      expect(data.first_name).not.toBe('Alicia');
      expect(data.budget).toMatchObject({ month: bBudget.month, net_income: bBudget.net_income });
      expect(data.investments.retirement_age).not.toBe(aInvestment.retirement_age);
    },
  },
};

/** Home's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = { matrix };
