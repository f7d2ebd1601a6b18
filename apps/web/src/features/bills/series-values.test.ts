import { describe, expect, it } from 'vitest';
import { seriesBodyOf, serverPathOf, valuesOf } from './series-values.ts';

describe('the series form', () => {
  const base = { ...valuesOf(null, '2026-11-21', 'acct'), name: 'Rent', amount: '1800.00' };

  it('sends a monthly bill with its category, and no Nest fields', () => {
    expect(seriesBodyOf({ ...base, category: ' Housing ', through_nest: true })).toEqual({
      name: 'Rent',
      kind: 'bill',
      cadence: { every: 'month', day: 1 },
      amount: 1800,
      amount_varies: false,
      account_id: 'acct',
      to_account_id: null,
      category: 'Housing',
      start_date: '2026-11-21',
      end_date: null,
      through_nest: false,
      record_for_me: false,
    });
  });

  it('sends income twice a month through the Nest without a category; the last day as "last"', () => {
    const body = seriesBodyOf({
      ...base,
      kind: 'income',
      every: 'twice_month',
      day: '15',
      second_day: '31',
      category: 'Salary',
      through_nest: true,
      record_for_me: true,
    });
    expect(body).toMatchObject({
      cadence: { every: 'twice_month', days: [15, 31] },
      category: null,
      through_nest: true,
      record_for_me: true,
    });
    expect(seriesBodyOf({ ...base, day: 'last' }).cadence).toEqual({ every: 'month', day: 'last' });
  });

  it("puts the server's cadence errors on the day fields", () => {
    expect(serverPathOf('cadence.days.1')).toBe('second_day');
    expect(serverPathOf('cadence.day')).toBe('day');
    expect(serverPathOf('cadence.every')).toBe('every');
    expect(serverPathOf('to_account_id')).toBe('to_account_id');
    expect(serverPathOf('version')).toBeUndefined();
  });
});
