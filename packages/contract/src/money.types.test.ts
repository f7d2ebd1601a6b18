import { cents } from '@helo/finance/cents';
import { monthlyInterestCents } from '@helo/finance/monthly-interest';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { userDebt } from './user-debts.ts';

// As in finance's cents.types.test.ts, each `@ts-expect-error` is checked by `tsc -b`: the contract's
// dollar fields refuse a Cents value, and what they parse can not be handed to the math as cents.

type UserDebtAnswer = z.input<typeof userDebt>;

describe('dollar fields of the contract', () => {
  const answer = {
    id: 'a',
    version: 1,
    debt_id: 1,
    debt: { id: 1, debt_name: 'Auto loans', image_url: '/x.svg' },
    initial_loan_amount: 25_000,
    outstanding_balance: 18_250.5,
    monthly_payment_amount: 450,
    interest_rate: 6.25,
    due_date: '2026-12-05',
    nickname: null,
  } satisfies UserDebtAnswer;

  it('an answer can not carry cents where dollars are meant', () => {
    const fromTheDatabase = cents(1_825_050);
    // @ts-expect-error the server must convert with centsToDollars first.
    const wrong: UserDebtAnswer = { ...answer, outstanding_balance: fromTheDatabase };
    expect(wrong.outstanding_balance).toBe(1_825_050);
  });

  it('a parsed dollar figure can not reach the math as cents', () => {
    const parsed = userDebt.parse(answer);
    // @ts-expect-error dollars must go through dollarsToCents.
    expect(() => monthlyInterestCents(parsed.outstanding_balance, 12)).toThrow(RangeError);
    expect(parsed.outstanding_balance).toBe(18_250.5);
  });
});
