import { userDebt } from '@helo/contract/user-debts';
import { describe, expect, it } from 'vitest';
import {
  blankRow,
  type DebtFormRow,
  missingFieldsMessage,
  rolledDueDate,
  rolledHint,
  rolledSentence,
  rowsForSelection,
  rowsFromUserDebts,
  rowsMissingFields,
  rowsWithBadRate,
  selectedTypes,
  toSaveBody,
  unreadableAmounts,
} from './debt-rows.ts';

// Parsed as the API client parses an answer, so the amounts are the contract's Dollars.
const saved = userDebt.parse({
  id: 'a',
  version: 1,
  debt_id: 1,
  debt: { id: 1, debt_name: 'Auto loans', image_url: '/x.svg' },
  initial_loan_amount: 25000,
  outstanding_balance: 18250.5,
  monthly_payment_amount: 450,
  interest_rate: 6.25,
  due_date: '2026-12-05',
  nickname: null,
});

const filled = (debtId: number) => ({
  ...blankRow(debtId),
  initial_loan_amount: '1000',
  outstanding_balance: '800',
  monthly_payment_amount: '50',
  interest_rate: '5',
  due_date: '2026-12-01T00:00:00.000Z',
});

describe('debt rows', () => {
  it('lists the rows missing a field, numbered from 1, in the spec’s message', () => {
    const rows = [filled(1), { ...filled(2), interest_rate: '' }, filled(3), blankRow()];
    expect(rowsMissingFields(rows)).toEqual([2, 4]);
    expect(missingFieldsMessage([2, 4])).toBe('Please fill all the fields for row(s) 2, 4');
    expect(rowsMissingFields([filled(1)])).toEqual([]);
  });

  it('a row without a loan type is missing a field', () => {
    expect(rowsMissingFields([{ ...filled(1), debt_id: null }])).toEqual([1]);
  });

  it('sends numbers, the rate without %, and the day of the chosen date', () => {
    const body = toSaveBody([{ ...filled(4), outstanding_balance: '3200.99', interest_rate: ' 19.99% ' }], []);
    expect(body).toEqual({
      based_on: [],
      debts: [
        {
          debt_id: 4,
          initial_loan_amount: 1000,
          outstanding_balance: 3200.99,
          monthly_payment_amount: 50,
          interest_rate: 19.99,
          due_date: '2026-12-01',
        },
      ],
    });
  });

  it('sends each saved loan back with its id and version, and the list the edit started from', () => {
    const other = { ...saved, id: 'b', version: 4, debt_id: 4 };
    const [first] = rowsFromUserDebts([{ ...saved, version: 3 }, other]);
    // The first loan edited, the second deleted, a new one added.
    const rows = [{ ...(first as DebtFormRow), outstanding_balance: '18000' }, filled(2)];
    const body = toSaveBody(rows, [{ ...saved, version: 3 }, other]);
    expect(body.debts.map((d) => [d.id, d.version, d.outstanding_balance])).toEqual([
      ['a', 3, 18000],
      [undefined, undefined, 800],
    ]);
    expect(body.debts[1]).not.toHaveProperty('id');
    expect(body.based_on).toEqual([
      { id: 'a', version: 3 },
      { id: 'b', version: 4 },
    ]);
  });

  it('finds a rate that is not a number', () => {
    expect(rowsWithBadRate([filled(1), { ...filled(2), interest_rate: 'six' }])).toEqual([2]);
  });

  it('starts the form from the saved debts', () => {
    const [row] = rowsFromUserDebts([saved]);
    expect(row).toMatchObject({
      debt_id: 1,
      outstanding_balance: '18250.5',
      interest_rate: '6.25',
      due_date: '2026-12-05',
    });
  });

  it('follows the tiles: keeps filled rows of picked types, adds a blank row per new type, drops the rest', () => {
    const rows = [filled(1), filled(4), filled(4), blankRow()];
    const next = rowsForSelection([4, 3], rows);
    expect(next.map((r) => r.debt_id)).toEqual([4, 4, 3]);
    expect(next[0]).toBe(rows[1]);
    expect(next[2]?.initial_loan_amount).toBe('');
    expect(selectedTypes(rows)).toEqual([1, 4]);
  });

  it('gives every row its own key', () => {
    expect(new Set([blankRow(), blankRow(), ...rowsFromUserDebts([saved, saved])].map((r) => r.key)).size).toBe(4);
  });

  it('finds the amounts that are not amounts as typed, by row and field (issue 25)', () => {
    const rows = [
      { ...blankRow(1), initial_loan_amount: '5000', outstanding_balance: '12,34.5', monthly_payment_amount: '100' },
      { ...blankRow(2), initial_loan_amount: '1.2.3', outstanding_balance: '100', monthly_payment_amount: '10' },
    ];
    expect(unreadableAmounts(rows)).toEqual([
      { key: rows[0]?.key, row: 1, fields: ['outstanding_balance'] },
      { key: rows[1]?.key, row: 2, fields: ['initial_loan_amount'] },
    ]);
  });

  it('says which dates that had passed were saved as the next payment date (issue 25)', () => {
    expect(rolledDueDate('2026-11-05', '2026-11-26')).toBe('2026-12-05');
    expect(rolledDueDate('2026-01-31', '2026-02-10')).toBe('2026-02-28');
    expect(rolledDueDate('2026-11-26', '2026-11-26')).toBeNull();
    expect(rolledDueDate('', '2026-11-26')).toBeNull();
    expect(rolledHint('2026-12-05')).toBe('This day has passed: it will be saved as Dec 5, 2026.');
    const rows = [
      { ...filled(1), due_date: '2026-11-05' },
      { ...filled(2), due_date: '2026-12-20' },
    ];
    const answered = [
      { ...saved, due_date: '2026-12-05' },
      { ...saved, due_date: '2026-12-20' },
    ];
    expect(rolledSentence(rows, answered)).toBe(
      'Row 1: Nov 5, 2026 has passed, so the next payment date is saved as Dec 5, 2026.',
    );
    expect(rolledSentence(rows.slice(1), answered.slice(1))).toBe('');
  });
});
