import { z } from 'zod';
import { debt } from './catalogues.ts';
import { calendarDay } from './dates.ts';
import { envelope } from './envelope.ts';
import { intId } from './fields.ts';
import { dollarAmount, percentRate } from './money.ts';

export const MAX_USER_DEBTS = 50;

/** One row of the debt form, as the spec's client sends it (numbers in dollars, rate in percent). */
export const debtRow = z.object({
  debt_id: intId('Debt type'),
  initial_loan_amount: dollarAmount('Initial loan amount'),
  outstanding_balance: dollarAmount('Outstanding balance'),
  monthly_payment_amount: dollarAmount('Monthly payment'),
  interest_rate: percentRate('Interest rate'),
  due_date: calendarDay('Next payment date'),
});
export type DebtRowInput = z.input<typeof debtRow>;

/** The save body: the user's whole list, which replaces the saved one. */
export const saveUserDebtsBody = z.object({
  debts: z
    .array(debtRow, { error: (i) => (i.input === undefined ? 'debts is required' : 'debts must be a list') })
    .max(MAX_USER_DEBTS, `At most ${MAX_USER_DEBTS} debts can be saved`),
});
export type SaveUserDebtsBody = z.input<typeof saveUserDebtsBody>;

/** A saved debt: the row fields plus its id and the nested catalogue entry. */
export const userDebt = z.object({
  id: z.string(),
  debt_id: z.number().int(),
  debt: debt,
  initial_loan_amount: z.number(),
  outstanding_balance: z.number(),
  monthly_payment_amount: z.number(),
  interest_rate: z.number(),
  due_date: z.string(),
});
export type UserDebt = z.infer<typeof userDebt>;

export const userDebtsResponse = envelope(z.array(userDebt));
