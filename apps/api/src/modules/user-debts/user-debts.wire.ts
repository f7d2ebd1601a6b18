import type { debtRow, UserDebt } from '@helo/contract/user-debts';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import type { z } from 'zod';
import { debtImagePath } from '../catalogues/debt-images.ts';
import type { LoanFields, SavedDebt } from './user-debts.repository.ts';

/** A saved loan as the contract answers it: dollars and the nested catalogue entry. */
export function toWire({ row, debt }: SavedDebt): UserDebt {
  return {
    id: row.id,
    version: row.version,
    debt_id: row.debtId,
    debt: { id: debt.id, debt_name: debt.debtName, image_url: debtImagePath(debt.slug) },
    initial_loan_amount: centsToDollars(row.initialLoanAmountCents),
    outstanding_balance: centsToDollars(row.outstandingBalanceCents),
    monthly_payment_amount: centsToDollars(row.monthlyPaymentCents),
    interest_rate: Number(row.interestRate),
    due_date: row.dueDate,
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
  };
}
