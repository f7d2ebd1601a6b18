import { randomUUID } from 'node:crypto';
import type { Db } from '@helo/db/client';
import { addDays } from '@helo/finance/calendar';
import { type Cents, cents } from '@helo/finance/cents';
import type { Line } from '@helo/finance/ledger';
import { previousDueDate } from '@helo/finance/loan-payment';
import {
  balancesBySubject,
  ensureAccount,
  findLiveExternal,
  type LedgerAccount,
  liveJournals,
  outsideAccount,
  type PostedJournal,
  post,
  renameAccount,
} from '../ledger/index.ts';

/**
 * A loan on the ledger (issue 27): a liability account (kind loan, subject the loan's row) whose
 * balance is minus what is owed. The balance typed in the loan forms is an opening journal, a change
 * of it an adjustment (both against Opening balances: a statement, not money moved), a deleted loan's
 * balance closed the same way; a payment moves money from an account (the Nest's Loan payments) to
 * the loan, its interest to Interest.
 */

const line = (accountId: string, amountCents: number): Line => ({ accountId, amountCents: amountCents as Cents });

/** What each of the user's loans owes (positive), by the loan's id; a loan never posted to owes $0. */
export async function owedByLoan(db: Db, userId: string): Promise<Map<string, Cents>> {
  const balances = await balancesBySubject(db, userId, 'loan');
  // 0 − balance, not −balance: a loan owing nothing owes 0, not −0.
  return new Map([...balances].map(([id, balance]) => [id, cents(0 - balance)]));
}

/** The loan's account, made on first use and kept named after the loan (its type can change). */
export async function loanAccount(tx: Db, userId: string, loan: { id: string; name: string }): Promise<LedgerAccount> {
  const account = await ensureAccount(tx, userId, { kind: 'loan', name: loan.name, subjectId: loan.id });
  if (account.name !== loan.name) await renameAccount(tx, userId, account.id, loan.name);
  return account;
}

/**
 * Makes the loan owe `owedCents`: a journal of the difference against Opening balances, dated `day`
 * (`kind`: its opening, a hand edit's adjustment, a deleted loan's closing). Nothing when it owes that.
 */
export async function setOwed(
  tx: Db,
  userId: string,
  loan: { id: string; name: string },
  owedCents: Cents,
  move: { day: string; kind: 'loan.opening' | 'loan.adjustment' | 'loan.closed'; now: Date },
): Promise<void> {
  const account = await loanAccount(tx, userId, loan);
  const more = owedCents + account.balanceCents;
  if (more === 0) return;
  const opening = await outsideAccount(tx, userId, 'opening');
  await post(tx, userId, {
    date: move.day,
    kind: move.kind,
    description: loan.name,
    createdAt: move.now,
    lines: [line(account.id, -more), line(opening.id, more)],
  });
}

export interface LoanPayment {
  loan: { id: string; name: string };
  /** The account the money comes from (the Nest's Loan payments, or any account of the user's). */
  fromAccountId: string;
  paymentCents: Cents;
  /** The interest still to charge this month: the part of the payment that does not lower the loan. */
  interestCents: Cents;
  dueDate: string;
  now: Date;
}

/** The journal's id of a due date's whole payment in the loan's account. */
export const dueKey = (dueDate: string) => `due:${dueDate}`;
/** The due date a payment's journal id names, or null (an extra payment). */
export const dueOfKey = (externalId: string | null): string | null =>
  externalId?.startsWith('due:') ? externalId.slice(4) : null;

/**
 * Posts one 'loan.payment' journal on `date`: the payment out of `fromAccountId`, its principal onto
 * the loan and its interest (capped at the payment) to Interest. `dueDate`, when given, makes it that
 * due date's payment: the journal's id in the loan's account, unique among live journals; any other
 * payment is an extra one (`extra:` and a random id), kept in the loan's account all the same.
 */
export async function postLoanPayment(
  tx: Db,
  userId: string,
  payment: {
    loanAccountId: string;
    description: string;
    fromAccountId: string;
    paymentCents: Cents;
    interestCents: Cents;
    date: string;
    dueDate: string | null;
    now: Date;
  },
): Promise<PostedJournal> {
  const interest = Math.min(payment.paymentCents, payment.interestCents);
  const principal = payment.paymentCents - interest;
  const lines = [line(payment.fromAccountId, -payment.paymentCents)];
  if (principal > 0) lines.push(line(payment.loanAccountId, principal));
  if (interest > 0) lines.push(line((await outsideAccount(tx, userId, 'interest')).id, interest));
  return post(tx, userId, {
    date: payment.date,
    kind: LOAN_PAYMENT,
    description: payment.description,
    createdAt: payment.now,
    // Every payment is kept by its loan's account, a payment all interest (no line on the loan) too.
    externalId: payment.dueDate ? dueKey(payment.dueDate) : `extra:${randomUUID()}`,
    externalAccountId: payment.loanAccountId,
    lines,
  });
}

/** The kind of every loan payment's journal, the Nest's and the user's. */
export const LOAN_PAYMENT = 'loan.payment';

/**
 * Pays a loan's due date once: one journal dated the due date, the payment out of `fromAccountId`,
 * its principal onto the loan and its interest to Interest (a payment that does not cover the
 * interest is all interest). The due date is the journal's id in the loan's account, unique among
 * live journals: false when it was paid already (by the job, or by a payment the user recorded).
 */
export async function payLoan(tx: Db, userId: string, payment: LoanPayment): Promise<boolean> {
  const account = await loanAccount(tx, userId, payment.loan);
  if (await findLiveExternal(tx, account.id, dueKey(payment.dueDate))) return false;
  await postLoanPayment(tx, userId, {
    loanAccountId: account.id,
    description: payment.loan.name,
    fromAccountId: payment.fromAccountId,
    paymentCents: payment.paymentCents,
    interestCents: payment.interestCents,
    date: payment.dueDate,
    dueDate: payment.dueDate,
    now: payment.now,
  });
  return true;
}

/**
 * The interest the loan's live payments dated in the due date's month (after the previous due date,
 * up to the due date) charged: a month's interest is charged once, however many payments it has.
 */
export async function interestCharged(
  tx: Db,
  userId: string,
  loanAccountId: string,
  dueDate: string,
  dueDay: number,
): Promise<Cents> {
  const { journals } = await liveJournals(
    tx,
    userId,
    {
      kind: LOAN_PAYMENT,
      externalAccountId: loanAccountId,
      from: addDays(previousDueDate(dueDate, dueDay), 1),
      to: dueDate,
    },
    MONTH_PAYMENTS,
  );
  return cents(journals.reduce((sum, j) => sum + interestOf(j, loanAccountId), 0));
}

/** More payments than one month of a loan has; a month past it would only charge less interest. */
const MONTH_PAYMENTS = 1000;

/** A payment's interest: its line into the world outside (the line in neither the loan nor the paying account). */
export const interestOf = (journal: { lines: Line[] }, loanAccountId: string): number =>
  journal.lines
    .filter((l) => l.amountCents > 0 && l.accountId !== loanAccountId)
    .reduce((s, l) => s + l.amountCents, 0);
