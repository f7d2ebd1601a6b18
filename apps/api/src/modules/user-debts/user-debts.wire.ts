import type { debtRow, UserDebt } from '@helo/contract/user-debts';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { nextDueDate } from '@helo/finance/due-date';
import type { z } from 'zod';
import { debtImagePath } from '../catalogues/index.ts';
import type { LoanFields, SavedDebt } from './user-debts.repository.ts';

/**
 * The loan's next payment date as of `today` (New York): a stored date that has passed reads as the
 * same day of a later month (`due_day`, the month's last day when shorter), whether or not the
 * daily job has written it yet, so no page, reminder or plan shows a past date.
 */
export const effectiveDueDate = (row: Pick<SavedDebt['row'], 'dueDate' | 'dueDay'>, today: string): string =>
  nextDueDate(row.dueDate, today, row.dueDay);

/** A saved loan as the contract answers it on `today`: dollars, the nested catalogue entry, a date not past. */
export function toWire({ row, debt }: SavedDebt, today: string): UserDebt {
  return {
    id: row.id,
    version: row.version,
    debt_id: row.debtId,
    debt: { id: debt.id, debt_name: debt.debtName, image_url: debtImagePath(debt.slug) },
    initial_loan_amount: centsToDollars(row.initialLoanAmountCents),
    outstanding_balance: centsToDollars(row.outstandingBalanceCents),
    monthly_payment_amount: centsToDollars(row.monthlyPaymentCents),
    interest_rate: Number(row.interestRate),
    due_date: effectiveDueDate(row, today),
    nickname: row.nickname,
  };
}

/** The wire's dollars (already checked by the contract to convert exactly) as the service's cents. */
export function toFields(d: z.output<typeof debtRow>): LoanFields {
  return {
    debtId: d.debt_id,
    initialLoanAmountCents: dollarsToCents(d.initial_loan_amount),
    outstandingBalanceCents: dollarsToCents(d.outstanding_balance),
    monthlyPaymentCents: dollarsToCents(d.monthly_payment_amount),
    interestRatePercent: d.interest_rate,
    dueDate: d.due_date,
    // Trimmed by the contract; '' clears it like null, and left out keeps the saved one.
    nickname: d.nickname === undefined ? undefined : d.nickname || null,
  };
}
