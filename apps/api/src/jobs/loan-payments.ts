import type { Db } from '@helo/db/client';
import { longDayLabel } from '@helo/finance/calendar';
import { cents } from '@helo/finance/cents';
import { followingDueDate, nextDueDate } from '@helo/finance/due-date';
import { formatCents } from '@helo/finance/format';
import { nextPaymentSplit } from '@helo/finance/payoff';
import type { Clock } from '../lib/clock.ts';
import { productToday } from '../lib/product-day.ts';
import { lockUser } from '../lib/user-lock.ts';
import {
  insertLoanPayment,
  loansBucketCents,
  lockNestAccount,
  type NestWithDueLoans,
  nestsWithDueLoans,
} from '../modules/nest/index.ts';
import { insertNotification } from '../modules/notifications/index.ts';
import { dueUserDebts, moveUserDebt, type SavedDebt } from '../modules/user-debts/index.ts';
import { runDueDateRoll } from './due-date-roll.ts';

// Nests read a batch at a time; each is then paid in a transaction of its own.
const BATCH = 200;

export interface LoanPaymentsResult {
  /** Payments written (a due date paid). */
  paid: number;
  /** Due dates the Loan payments bucket could not pay: the notifications this run wrote (once per date). */
  short: number;
}

export interface LoanDueDatesResult extends LoanPaymentsResult {
  /** Loans of users without a Nest whose passed due dates were rolled on. */
  rolled: number;
}

/**
 * The scheduled job (decisions.md "My Wallet, bank imports and loan payments"): first the Money
 * Nest pays the loans due on or before today, then every other passed due date is rolled on. In that
 * order, so no date is rolled past a payment the Nest was to make.
 */
export async function runLoanDueDates(deps: { db: Db; clock: Clock }): Promise<LoanDueDatesResult> {
  const payments = await runLoanPayments(deps);
  const rolled = await runDueDateRoll(deps);
  return { ...payments, rolled };
}

/**
 * Pays, from each active Nest's Loan payments bucket, the user's loans due on or before today (New
 * York), in the user's order: a ledger entry (kind `loan_payment`), the outstanding balance lowered
 * by the payment's principal, and the due date a month on. Safe to run on several servers at once:
 * each user is paid under the lock of their Nest's row, the loans are read again under it, and the
 * unique (loan, due date) index makes a payment once per due date whoever writes it.
 */
export async function runLoanPayments({ db, clock }: { db: Db; clock: Clock }): Promise<LoanPaymentsResult> {
  const today = productToday(clock.now());
  const result: LoanPaymentsResult = { paid: 0, short: 0 };
  let after: string | null = null;
  for (;;) {
    const nests: NestWithDueLoans[] = await nestsWithDueLoans(db, today, after, BATCH);
    for (const nest of nests) {
      const one = await payDueLoans(db, nest, today, clock.now());
      result.paid += one.paid;
      result.short += one.short;
    }
    const last = nests.at(-1);
    if (!last || nests.length < BATCH) return result;
    after = last.userId;
  }
}

/** One user's due loans, in one transaction holding their Nest's row (the Nest's lock order: Nest, then user). */
async function payDueLoans(db: Db, nest: NestWithDueLoans, today: string, now: Date): Promise<LoanPaymentsResult> {
  const { userId } = nest;
  return db.transaction(async (tx) => {
    const result: LoanPaymentsResult = { paid: 0, short: 0 };
    const account = await lockNestAccount(tx, userId);
    if (!account) return result;
    // The user's loans are saved under the user's lock: taking it too, after the Nest's, makes a
    // save wait for the payments (and the payments for a save) instead of interleaving row locks.
    await lockUser(tx, userId);
    // The Nest pays due dates from the day it was activated (New York) on, never months before it existed.
    const activationDay = productToday(account.activatedAt);
    let held = await loansBucketCents(tx, userId);
    for (const loan of await dueUserDebts(tx, userId, today)) {
      const { row } = loan;
      let dueDate = row.dueDate;
      let balance = row.outstandingBalanceCents;
      if (dueDate < activationDay) dueDate = nextDueDate(dueDate, activationDay, row.dueDay);
      while (dueDate <= today) {
        const split = nextPaymentSplit({
          balanceCents: balance,
          annualRatePercent: Number(row.interestRate),
          paymentCents: row.monthlyPaymentCents,
        });
        // The payment is the monthly amount, or what is left to pay this month when that is less.
        const payment = Math.min(row.monthlyPaymentCents, balance + split.interestCents);
        if (payment > 0 && held < payment) {
          if (await notifyShort(tx, userId, loan, dueDate, payment, held, now)) result.short += 1;
          // Kept on its day while it is today (income recorded later today can still pay it);
          // once passed, this month's payment is given up and the date rolls on.
          if (dueDate === today) break;
        } else if (payment > 0) {
          const entry = await insertLoanPayment(
            tx,
            userId,
            { userDebtId: row.id, dueDate, targetName: loanName(loan), amountCents: cents(payment) },
            now,
          );
          // Already paid (the loan was saved back to a date it had been paid for): only the date moves.
          if (entry) {
            const principal = Math.max(0, payment - split.interestCents);
            balance = cents(Math.max(0, balance - principal));
            held -= payment;
            result.paid += 1;
          }
        }
        dueDate = followingDueDate(dueDate, row.dueDay);
      }
      if (dueDate !== row.dueDate || balance !== row.outstandingBalanceCents) {
        await moveUserDebt(tx, userId, row.id, { dueDate, outstandingBalanceCents: balance }, now);
      }
    }
    return result;
  });
}

/** "Mortgages" → "Mortgage": the catalogue names kinds of loans; a ledger line is one loan. */
export const loanName = ({ debt }: Pick<SavedDebt, 'debt'>): string => debt.debtName.replace(/s$/, '');

/** One notification per loan and due date the bucket could not pay (its dedupe key), whoever runs the job. */
async function notifyShort(
  tx: Db,
  userId: string,
  loan: SavedDebt,
  dueDate: string,
  neededCents: number,
  heldCents: number,
  now: Date,
): Promise<boolean> {
  const when = longDayLabel(dueDate);
  const written = await insertNotification(
    tx,
    userId,
    {
      kind: 'loan_payment_short',
      title: 'Loan payment not made',
      message: `Not enough in Loan payments for ${loanName(loan)} due ${when}: ${formatCents(cents(neededCents))} needed, ${formatCents(cents(Math.max(0, heldCents)))} set aside.`,
      dedupeKey: `loan-payment-short:${loan.row.id}:${dueDate}`,
    },
    now,
  );
  return written !== null;
}
