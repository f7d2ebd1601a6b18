import { isLoanId, type UserDebt } from '@helo/contract/user-debts';
import type { LoanPayment } from '@helo/contract/user-debts-payments';
import type { Db } from '@helo/db/client';
import { type Cents, cents, centsToDollars } from '@helo/finance/cents';
import { followingDueDate } from '@helo/finance/due-date';
import { formatCents } from '@helo/finance/format';
import { dueDateOf, largestPayment, paysDueDate, splitPayment } from '@helo/finance/loan-payment';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay, checkNotBeforeStart } from '../../lib/day-rules.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { isUuid } from '../../lib/uuid.ts';
import { isOwnKind } from '../accounts/index.ts';
import {
  accountsOf,
  findLiveExternal,
  type LedgerAccount,
  LedgerRefusal,
  liveJournal,
  liveJournals,
  outsideAccount,
  type PostedJournal,
  reverse,
} from '../ledger/index.ts';
import {
  dueKey,
  dueOfKey,
  interestCharged,
  interestOf,
  LOAN_PAYMENT,
  loanAccount,
  postLoanPayment,
} from './loan-ledger.ts';
import { findUserDebt, moveUserDebt, type SavedDebt } from './user-debts.repository.ts';
import { LOAN_NOT_FOUND, loansOf } from './user-debts.service.ts';
import { loanName } from './user-debts.wire.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const CHOOSE_SOURCE = 'Choose one of your accounts, or an account not in Helo';
/** The most payments one loan's history answers: fifty years of monthly payments, twice over. */
export const MAX_LISTED_PAYMENTS = 1200;

export interface PaymentInput {
  amountCents: Cents;
  date: string;
  /** One of the user's open accounts or the Nest's Loan payments; null: an account not in Helo. */
  accountId: string | null;
}

/**
 * Loan payments the user records (issue 27; docs/decisions.md "Recording a loan payment"): from any
 * of their accounts, the month's interest (once per due date's month) to Interest and the rest off
 * the loan, in one 'loan.payment' journal, as the Money Nest's job posts them. A payment that is a due
 * date's whole payment carries the due date as its id in the loan's account, so the job never pays
 * that date again; the loan's next payment date moves on when it was that date. Every write takes the
 * user's row first, as the loans' saves and the job do, so they run one after another.
 */
export class LoanPaymentRecords {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** The loan's live payments, newest first: the Nest's and the user's, split as their postings say. */
  list(userId: string, loanId: string): Promise<LoanPayment[]> {
    return this.#db.transaction(
      async (tx) => {
        const loan = await this.#loan(tx, userId, loanId);
        const account = await loanAccount(tx, userId, { id: loan.row.id, name: loanName(loan) });
        const { journals } = await liveJournals(
          tx,
          userId,
          { kind: LOAN_PAYMENT, externalAccountId: account.id },
          MAX_LISTED_PAYMENTS,
        );
        const sources = journals.map((j) => sourceOf(j, account.id));
        const named = await accountsOf(tx, userId, [...new Set(sources.flatMap((s) => (s ? [s] : [])))]);
        return journals.map((j) => paymentView(j, account.id, named));
      },
      { isolationLevel: 'repeatable read' },
    );
  }

  /** POST /v1/user-debts/{id}/payments: answers the payment and the loan as it now is. */
  record(userId: string, loanId: string, input: PaymentInput): Promise<{ payment: LoanPayment; loan: UserDebt }> {
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const loan = await this.#loan(tx, userId, loanId);
      const now = this.#clock.now();
      const today = productToday(now);
      checkHappenedDay('date', 'Date', input.date, now);
      checkNotBeforeStart('date', 'Date', input.date, loan.row.createdAt, 'you added this loan');
      const source = await this.#source(tx, userId, input.accountId);
      const name = loanName(loan);
      const account = await loanAccount(tx, userId, { id: loan.row.id, name });
      const owed = cents(0 - account.balanceCents);
      const rate = Number(loan.row.interestRate);
      const dueDate = dueDateOf(input.date, loan.row.dueDay);
      const charged = await interestCharged(tx, userId, account.id, dueDate, loan.row.dueDay);
      const largest = largestPayment({ owedCents: owed, annualRatePercent: rate, interestChargedCents: charged });
      if (largest === 0) throw invalidField('amount', `This ${name.toLowerCase()} is paid off: it owes nothing`);
      if (input.amountCents > largest) {
        throw invalidField(
          'amount',
          `This ${name.toLowerCase()} owes ${formatCents(owed)}${largest > owed ? ` and ${formatCents(cents(largest - owed))} of this month's interest` : ''}: pay at most ${formatCents(largest)}`,
        );
      }
      const split = splitPayment({
        owedCents: owed,
        annualRatePercent: rate,
        paymentCents: input.amountCents,
        interestChargedCents: charged,
      });
      // The due date's whole payment, unless that date was paid already (by the Nest or another payment)
      // or lies before the loan's next payment date (handled already: paid, or given up and rolled on).
      const whole =
        dueDate >= loan.row.dueDate &&
        paysDueDate({
          paymentCents: input.amountCents,
          monthlyCents: loan.row.monthlyPaymentCents,
          largestCents: largest,
        }) &&
        !(await findLiveExternal(tx, account.id, dueKey(dueDate)));
      let journal: PostedJournal;
      try {
        journal = await postLoanPayment(tx, userId, {
          loanAccountId: account.id,
          description: name,
          fromAccountId: source.id,
          paymentCents: input.amountCents,
          interestCents: split.interestCents,
          date: input.date,
          dueDate: whole ? dueDate : null,
          now,
        });
      } catch (error) {
        if (error instanceof LedgerRefusal && error.code === 'below_zero') {
          throw conflict(
            `${source.name} holds ${formatCents(error.balanceCents ?? cents(0))}, less than this ${formatCents(input.amountCents)} payment. Choose another account or a smaller amount.`,
          );
        }
        throw error;
      }
      // Paid the loan's next payment date: My Loans, the reminders and the Nest move on to the next one.
      if (whole && loan.row.dueDate === dueDate) {
        await moveUserDebt(tx, userId, loan.row.id, { dueDate: followingDueDate(dueDate, loan.row.dueDay) }, now);
      }
      const after = await this.#loan(tx, userId, loan.row.id);
      const [wire] = await loansOf(tx, userId, today, [after]);
      const named = await accountsOf(tx, userId, [source.id]);
      return { payment: paymentView(journal, account.id, named), loan: wire as UserDebt };
    });
  }

  /**
   * DELETE /v1/user-debts/{id}/payments/{paymentId}: reverses the payment's journal (dated like it),
   * so the loan owes again what it lowered and the money is back where it came from. A due date it
   * paid is owed again: the loan's next payment date moves back to it while it is today or later.
   */
  undo(userId: string, loanId: string, paymentId: string): Promise<{ loan: UserDebt }> {
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const loan = await this.#loan(tx, userId, loanId);
      const account = await loanAccount(tx, userId, { id: loan.row.id, name: loanName(loan) });
      const journal = isUuid(paymentId)
        ? await liveJournal(tx, userId, LOAN_PAYMENT, paymentId, { lock: true })
        : undefined;
      if (!journal || journal.externalAccountId !== account.id) throw notFound(PAYMENT_NOT_FOUND);
      const involved = await accountsOf(
        tx,
        userId,
        journal.lines.map((l) => l.accountId),
      );
      const closed = involved.find((a) => a.closedAt !== null);
      if (closed) throw conflict(`${closed.name} was deleted: this payment can not be undone.`);
      const now = this.#clock.now();
      const today = productToday(now);
      await reverse(tx, userId, journal.id, { at: now });
      // The Nest's own payment undone was paid another way: the Nest does not pay that date again.
      const fromNest = involved.some((a) => a.kind === 'loan_payments');
      const paid = dueOfKey(journal.externalId);
      if (paid && !fromNest && paid >= today && loan.row.dueDate === followingDueDate(paid, loan.row.dueDay)) {
        await moveUserDebt(tx, userId, loan.row.id, { dueDate: paid }, now);
      }
      const after = await this.#loan(tx, userId, loan.row.id);
      const [wire] = await loansOf(tx, userId, today, [after]);
      return { loan: wire as UserDebt };
    });
  }

  async #loan(tx: Db, userId: string, id: string): Promise<SavedDebt> {
    const loan = isLoanId(id) ? await findUserDebt(tx, userId, id) : undefined;
    if (!loan) throw notFound(LOAN_NOT_FOUND);
    return loan;
  }

  /** The account paid from: an open one of the user's own, the Nest's Loan payments, or Outside Helo (null). */
  async #source(tx: Db, userId: string, id: string | null): Promise<LedgerAccount> {
    if (id === null) return outsideAccount(tx, userId, 'elsewhere');
    const [account] = isUuid(id) ? await accountsOf(tx, userId, [id]) : [];
    const payable =
      account && account.closedAt === null && (isOwnKind(account.kind) || account.kind === 'loan_payments');
    if (!account || !payable) throw invalidField('account_id', CHOOSE_SOURCE);
    return account;
  }
}

/** The account the payment came from: its one line out. */
const sourceOf = (journal: PostedJournal, loanAccountId: string): string | undefined =>
  journal.lines.find((l) => l.amountCents < 0 && l.accountId !== loanAccountId)?.accountId;

function paymentView(journal: PostedJournal, loanAccountId: string, accounts: LedgerAccount[]): LoanPayment {
  const sourceId = sourceOf(journal, loanAccountId);
  const source = accounts.find((a) => a.id === sourceId);
  const amount = journal.lines.filter((l) => l.amountCents < 0).reduce((s, l) => s - l.amountCents, 0);
  const principal = journal.lines.filter((l) => l.accountId === loanAccountId).reduce((s, l) => s + l.amountCents, 0);
  return {
    id: journal.groupId,
    date: journal.date,
    amount: centsToDollars(cents(amount)),
    principal: centsToDollars(cents(principal)),
    interest: centsToDollars(cents(interestOf(journal, loanAccountId))),
    account: {
      id: sourceId ?? '',
      name: source?.name ?? 'Unknown account',
      // The outside account a payment from a bank not in Helo comes from is "outside" to the page.
      kind: source ? (source.kind === 'opening_balance' ? 'outside' : source.kind) : 'outside',
      closed: source ? source.closedAt !== null : false,
    },
    due_date: dueOfKey(journal.externalId),
    created_at: journal.createdAt.toISOString(),
  };
}
