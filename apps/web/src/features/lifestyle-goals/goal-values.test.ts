import { describe, expect, it } from 'vitest';
import { BLANK_GOAL, goalBodyOf, goalForm, goalUpdateBodyOf } from './goal-values.ts';

const filled = {
  ...BLANK_GOAL,
  kind: 'travel',
  name: ' Japan trip ',
  target_amount: '6000',
  saved_amount: '',
  horizon_years: '1',
};

const messages = (values: typeof filled) => {
  const result = goalForm.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('goal form values', () => {
  it('sends a horizon, nothing saved yet and no APY as the contract wants them', () => {
    expect(goalBodyOf(filled)).toEqual({
      name: 'Japan trip',
      kind: 'travel',
      target_amount: 6000,
      saved_amount: 0,
      horizon_years: 1,
      target_date: null,
      apy: null,
    });
  });

  it('sends a chosen day instead of a horizon, and the version on edit', () => {
    const body = goalUpdateBodyOf({ ...filled, horizon_years: 'date', target_date: '2030-01-01', apy: '4.5' }, 3);
    expect(body).toMatchObject({ horizon_years: null, target_date: '2030-01-01', apy: 4.5, version: 3 });
  });

  it('puts each refusal on its field', () => {
    expect(messages({ ...BLANK_GOAL, horizon_years: '' } as typeof filled)).toMatchObject({
      name: 'Name is required',
      kind: 'Choose what you are saving for',
      horizon_years: 'Choose a horizon (1, 3, 5 or 10 years) or a target date',
    });
    expect(messages({ ...filled, horizon_years: 'date' })).toEqual({ target_date: 'Target date is required' });
    expect(messages({ ...filled, apy: '101' })).toEqual({ apy: 'APY cannot be more than 100 %' });
  });
});
