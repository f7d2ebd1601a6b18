import { payoffPlan } from '@helo/finance/payoff-plan';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { planCsv } from './plan-csv.ts';

describe('planCsv', () => {
  it('writes a row per month with each loan’s payment, interest and balance, then the totals', () => {
    // $1,000 at 12 % paying $300: month 1 interest $10.00, balance $710.00; the 4th month pays the rest.
    const plan = payoffPlan({
      debts: [{ id: 'a', balanceCents: 100_000, annualRatePercent: 12, minimumPaymentCents: 30_000 }],
      strategy: 'avalanche',
    });
    const csv = planCsv(plan, ['Car, "new"'], '2026-12');
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[0]).toEqual([
      'Month',
      'Date',
      'Car, "new" payment',
      'Car, "new" interest',
      'Car, "new" balance',
      'Total payment',
      'Total interest',
      'Total balance',
    ]);
    expect(rows[1]).toEqual(['1', 'Dec 2026', '300.00', '10.00', '710.00', '300.00', '10.00', '710.00']);
    expect(rows.at(-1)?.slice(-1)).toEqual(['0.00']);
    expect(rows).toHaveLength(plan.rows.length + 1);
    expect(csv).toContain('\r\n');
  });
});
