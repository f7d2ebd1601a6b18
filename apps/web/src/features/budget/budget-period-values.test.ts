import type { PayCadenceView } from '@helo/contract/budgets';
import { describe, expect, it } from 'vitest';
import { cadenceOf, fieldOf, valuesOf } from './budget-period-values.ts';

const base = { period: 'pay_period' as const, rollover_categories: [], rollover_from: '2026-11-20', version: 2 };

describe('the budget period form', () => {
  it('puts each cadence into the fields and back as the API takes it', () => {
    for (const cadence of [
      { every: 'two_weeks', payday: '2026-11-20' },
      { every: 'week', payday: '2026-11-27' },
      { every: 'twice_month', days: [1, 15] },
      { every: 'month', day: 'last' },
      { every: 'month', day: 5 },
    ] satisfies PayCadenceView[]) {
      expect(cadenceOf(valuesOf({ ...base, cadence }))).toEqual(cadence);
    }
  });

  it('starts a user who never chose on every two weeks from today, budgeting by month', () => {
    const values = valuesOf({ ...base, period: 'month', cadence: null, rollover_from: null, version: 1 });
    expect(values).toMatchObject({ period: 'month', every: 'two_weeks', first: '1', second: '15', day: '1' });
    expect(values.payday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('puts the server’s refusals on the field that holds them', () => {
    expect(fieldOf('cadence.days.1')).toBe('second');
    expect(fieldOf('cadence.payday')).toBe('payday');
    expect(fieldOf('cadence')).toBe('every');
    expect(fieldOf('version')).toBeUndefined();
  });
});
