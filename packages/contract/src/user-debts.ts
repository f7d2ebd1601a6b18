import { z } from 'zod';
import { debt } from './catalogues.ts';
import { calendarDay } from './dates.ts';
import { envelope, messageOnly } from './envelope.ts';
import { hasControlCharacter, INT4_MAX, intId, text } from './fields.ts';
import { dollarAmount, dollars, percentRate } from './money.ts';

export const MAX_USER_DEBTS = 50;

// The id PostgreSQL gives a loan (gen_random_uuid), in its canonical form.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a string in the form of a loan's id. */
export const isLoanId = (value: string) => UUID.test(value);

/** A saved loan's id in a body: a malformed one is a 400 naming the field, never a query. */
export const loanId = (label: string) => text(label).regex(UUID, `${label} is not a valid id`);

/** The version of a saved loan a client read: 1 when created, one more on every write. */
export const loanVersion = (label: string) =>
  z
    .number({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(INT4_MAX, `${label} is too large`);

export const LOAN_NICKNAME_MAX = 40;
const NICKNAME = 'Lender or nickname';

/**
 * A loan's own name (issue 25): the lender ("Chase") or what the user calls it ("Dad's car"), one
 * line, trimmed, at most 40 characters. '' or null clears it; left out, a saved loan keeps its own.
 */
export const loanNickname = text(NICKNAME)
  .trim()
  .max(LOAN_NICKNAME_MAX, `${NICKNAME} can be at most ${LOAN_NICKNAME_MAX} characters`)
  .refine((v) => !hasControlCharacter(v), `${NICKNAME} can not contain line breaks or control characters`)
  .nullable()
  .optional();

/** The loan fields of a row, as the spec's client sends them (numbers in dollars, rate in percent). */
const debtFields = z.object({
  debt_id: intId('Debt type'),
  initial_loan_amount: dollarAmount('Initial loan amount'),
  outstanding_balance: dollarAmount('Outstanding balance'),
  monthly_payment_amount: dollarAmount('Monthly payment'),
  interest_rate: percentRate('Interest rate'),
  due_date: calendarDay('Next payment date'),
  nickname: loanNickname,
});

/**
 * One row of the debt form. The spec's client sends the loan fields only (a new loan each time);
 * a client that read the list sends each saved row's `id`, so the loan is updated in place and
 * keeps its id, and its `version`, so a row changed elsewhere since is refused (409).
 */
export const debtRow = debtFields.extend({
  id: loanId('Loan id').optional(),
  version: loanVersion('Version').optional(),
});
export type DebtRowInput = z.input<typeof debtRow>;

/** A saved loan as a client read it: what `based_on` lists. */
export const loanRef = z.object({ id: loanId('Loan id'), version: loanVersion('Version') });
export type LoanRef = z.infer<typeof loanRef>;

/**
 * The save body: the user's whole list. Rows with an id update that loan, rows without one are
 * new loans, saved loans missing from the list are deleted, and the list's order is kept.
 * `based_on` (optional) is the saved list the client edited, each loan's id and version: when the
 * saved list is no longer exactly that (a loan added, changed or deleted in another tab), the save
 * is refused with 409 instead of silently undoing the other change.
 */
export const saveUserDebtsBody = z.object({
  debts: z
    .array(debtRow, { error: (i) => (i.input === undefined ? 'debts is required' : 'debts must be a list') })
    .max(MAX_USER_DEBTS, `At most ${MAX_USER_DEBTS} debts can be saved`),
  based_on: z
    .array(loanRef, { error: 'based_on must be a list' })
    .max(MAX_USER_DEBTS, `based_on can list at most ${MAX_USER_DEBTS} loans`)
    .optional(),
});
export type SaveUserDebtsBody = z.input<typeof saveUserDebtsBody>;

/** PUT /v1/user-debts/{id}: one loan's fields and the version the client read (required). */
export const updateUserDebtBody = debtFields.extend({ version: loanVersion('Version') });
export type UpdateUserDebtBody = z.input<typeof updateUserDebtBody>;

/**
 * The loan named by the path. Any string up to 64 characters passes here: one that is not a loan's
 * id names no loan of the user's and is answered 404, like someone else's id (as notifications do).
 */
export const userDebtParams = z.object({ id: text('Loan id').min(1, 'Loan id is required').max(64) });

/** DELETE /v1/user-debts/{id}?version=: without a version the loan is deleted whatever its version. */
export const deleteUserDebtQuery = z.object({
  version: z.coerce
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1')
    .max(INT4_MAX, 'Version is too large')
    .optional(),
});

/** A saved debt: the row fields plus its id, its version and the nested catalogue entry. */
export const userDebt = z.object({
  id: z.string(),
  version: z.number().int(),
  debt_id: z.number().int(),
  debt: debt,
  initial_loan_amount: dollars(),
  outstanding_balance: dollars(),
  monthly_payment_amount: dollars(),
  interest_rate: z.number(),
  due_date: z.string(),
  /** The lender or the user's name for the loan; null when none was given. */
  nickname: z.string().nullable(),
});
export type UserDebt = z.infer<typeof userDebt>;

export const userDebtsResponse = envelope(z.array(userDebt));
export const userDebtResponse = envelope(userDebt);
export const deleteUserDebtResponse = messageOnly;

/**
 * The payoff plans' "Extra each month" (issue 25), kept per user so it is there on the next visit:
 * GET and PUT /v1/loan-plan. 0 until the user types one.
 */
export const loanPlanBody = z.object({ extra_monthly: dollarAmount('Extra each month') });
export type LoanPlanBody = z.input<typeof loanPlanBody>;
export const loanPlan = z.object({ extra_monthly: dollars() });
export type LoanPlan = z.infer<typeof loanPlan>;
export const loanPlanResponse = envelope(loanPlan);
