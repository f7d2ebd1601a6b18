import type { Db } from '@helo/db/client';
import { type Cents, cents } from '@helo/finance/cents';
import type { Line } from '@helo/finance/ledger';
import {
  balancesBySubject,
  ensureAccount,
  findLiveExternal,
  type LedgerAccount,
  outsideAccount,
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
  /** This month's interest (nextPaymentSplit): the part of the payment that does not lower the loan. */
  interestCents: Cents;
  dueDate: string;
  now: Date;
}

/**
 * Pays a loan's due date once: one journal dated the due date, the payment out of `fromAccountId`,
 * its principal onto the loan and its interest to Interest (a payment that does not cover the
 * interest is all interest). The due date is the journal's id in the loan's account, unique among
 * live journals: false when it was paid already.
 */
export async function payLoan(tx: Db, userId: string, payment: LoanPayment): Promise<boolean> {
  const account = await loanAccount(tx, userId, payment.loan);
  const externalId = `due:${payment.dueDate}`;
  if (await findLiveExternal(tx, account.id, externalId)) return false;
  const interest = Math.min(payment.paymentCents, payment.interestCents);
  const principal = payment.paymentCents - interest;
  const lines = [line(payment.fromAccountId, -payment.paymentCents)];
  if (principal > 0) lines.push(line(account.id, principal));
  if (interest > 0) lines.push(line((await outsideAccount(tx, userId, 'interest')).id, interest));
  await post(tx, userId, {
    date: payment.dueDate,
    kind: 'loan.payment',
    description: payment.loan.name,
    createdAt: payment.now,
    externalId,
    externalAccountId: account.id,
    lines,
  });
  return true;
}
