import type { Db } from '@helo/db/client';
import { type Cents, cents } from '@helo/finance/cents';
import { followingDueDate, nextDueDate } from '@helo/finance/due-date';
import { formatCents } from '@helo/finance/format';
import { largestPayment, splitPayment } from '@helo/finance/loan-payment';
import type { Clock } from '../../lib/clock.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { findLiveExternal, loanPaymentsAccount } from '../ledger/index.ts';
import { insertNotification } from '../notifications/index.ts';
import { dueKey, interestCharged, loanAccount, owedByLoan, payLoan } from './loan-ledger.ts';
import { dueUserDebts, moveUserDebt, type SavedDebt } from './user-debts.repository.ts';
import { loanName } from './user-debts.wire.ts';

// Payers read a batch at a time; each is then paid in a transaction of its own.
const BATCH = 200;
const longDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

export interface LoanPaymentsResult {
  /** Payments written (a due date paid). */
  paid: number;
  /** Due dates the Loan payments bucket could not pay: the notifications this run wrote (once per date). */
  short: number;
}

/**
 * Who pays loans automatically: the users whose Money Nest is active (injected where the job is
 * assembled, so the loans import nothing of the Nest). `lock` takes the Nest's row, the Nest's lock
 * order being its row, then the user's, then the ledger's accounts.
 */
export interface LoanPayers {
  due(db: Db, day: string, afterUserId: string | null, limit: number): Promise<{ userId: string }[]>;
  lock(tx: Db, userId: string): Promise<{ activatedAt: Date } | undefined>;
}

/**
 * The loan-payment rule (decisions.md "My Wallet, bank imports and loan payments"; on the ledger
 * since issue 27): on and after a due date, the loan's payment goes from the Nest's Loan payments to
 * the loan (its principal lowers what is owed, its interest goes to Interest), in the user's order,
 * once per loan and due date; a due date the bucket can not pay gets one notification and rolls on
 * once it has passed; due dates before the Nest existed are rolled without a payment. The job only
 * calls `payDue`.
 */
export class LoanPaymentsService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #payers: LoanPayers;

  constructor(db: Db, clock: Clock, payers: LoanPayers) {
    this.#db = db;
    this.#clock = clock;
    this.#payers = payers;
  }

  /** Pays every payer's loans due on or before today (New York), a user per transaction. */
  async payDue(): Promise<LoanPaymentsResult> {
    const today = productToday(this.#clock.now());
    const result: LoanPaymentsResult = { paid: 0, short: 0 };
    let after: string | null = null;
    for (;;) {
      const payers = await this.#payers.due(this.#db, today, after, BATCH);
      for (const { userId } of payers) {
        const one = await this.#payUser(userId, today, this.#clock.now());
        result.paid += one.paid;
        result.short += one.short;
      }
      const last = payers.at(-1);
      if (!last || payers.length < BATCH) return result;
      after = last.userId;
    }
  }

  /** One user's due loans, in one transaction holding their Nest's row, then their own. */
  #payUser(userId: string, today: string, now: Date): Promise<LoanPaymentsResult> {
    return this.#db.transaction(async (tx) => {
      const result: LoanPaymentsResult = { paid: 0, short: 0 };
      const payer = await this.#payers.lock(tx, userId);
      if (!payer) return result;
      // The user's loans are saved under the user's lock: taking it too, after the Nest's, makes a
      // save wait for the payments (and the payments for a save) instead of interleaving row locks.
      await lockUser(tx, userId);
      // The Nest pays due dates from the day it was activated (New York) on, never months before it existed.
      const activationDay = productToday(payer.activatedAt);
      const bucket = await loanPaymentsAccount(tx, userId);
      let held = bucket.balanceCents as number;
      const owed = await owedByLoan(tx, userId);
      for (const loan of await dueUserDebts(tx, userId, today)) {
        const { row } = loan;
        let dueDate = row.dueDate;
        let balance = owed.get(row.id) ?? cents(0);
        const name = loanName(loan);
        const account = await loanAccount(tx, userId, { id: row.id, name });
        if (dueDate < activationDay) dueDate = nextDueDate(dueDate, activationDay, row.dueDay);
        while (dueDate <= today) {
          // Paid already (a payment the user recorded as this due date's): nothing to pay, nothing short.
          if (await findLiveExternal(tx, account.id, dueKey(dueDate))) {
            dueDate = followingDueDate(dueDate, row.dueDay);
            continue;
          }
          // This month's interest, less what a payment the user recorded in its month charged already.
          const charged = await interestCharged(tx, userId, account.id, dueDate, row.dueDay);
          const rate = Number(row.interestRate);
          const largest = largestPayment({
            owedCents: balance,
            annualRatePercent: rate,
            interestChargedCents: charged,
          });
          // The payment is the monthly amount, or what is left to pay this month when that is less.
          const payment = cents(Math.min(row.monthlyPaymentCents, largest));
          const split = splitPayment({
            owedCents: balance,
            annualRatePercent: rate,
            paymentCents: payment,
            interestChargedCents: charged,
          });
          if (payment > 0 && held < payment) {
            if (await notifyShort(tx, userId, loan, dueDate, payment, held, now)) result.short += 1;
            // Kept on its day while it is today (income recorded later today can still pay it);
            // once passed, this month's payment is given up and the date rolls on.
            if (dueDate === today) break;
          } else if (payment > 0) {
            const paid = await payLoan(tx, userId, {
              loan: { id: row.id, name },
              fromAccountId: bucket.id,
              paymentCents: payment,
              interestCents: split.interestCents,
              dueDate,
              now,
            });
            // Already paid (by a payment the user recorded, or the loan was saved back to a date it had
            // been paid for): only the date moves.
            if (paid) {
              balance = cents(balance - split.principalCents);
              held -= payment;
              result.paid += 1;
            }
          }
          dueDate = followingDueDate(dueDate, row.dueDay);
        }
        if (dueDate !== row.dueDate) await moveUserDebt(tx, userId, row.id, { dueDate }, now);
      }
      return result;
    });
  }
}

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
  const when = longDay.format(new Date(`${dueDate}T00:00:00Z`));
  const written = await insertNotification(
    tx,
    userId,
    {
      kind: 'loan_payment_short',
      title: 'Loan payment not made',
      message: `Not enough in Loan payments for ${loanName(loan)} due ${when}: ${formatCents(cents(neededCents))} needed, ${formatCents(cents(Math.max(0, heldCents)) as Cents)} set aside.`,
      dedupeKey: `loan-payment-short:${loan.row.id}:${dueDate}`,
    },
    now,
  );
  return written !== null;
}
