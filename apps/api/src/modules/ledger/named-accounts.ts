import type { Db } from '@helo/db/client';
import type { ExternalKind } from '@helo/finance/ledger';
import { ensureAccount, type LedgerAccount } from './accounts.ts';

/**
 * The accounts every area names the same way (issue 27, decisions.md "One ledger"). Outside ones:
 * - Income: what the Money Nest records as earned.
 * - Interest: the interest part of a loan payment.
 * - Change in value: an investment's balance update (not money moved).
 * - Opening balances: a balance the user states rather than moves: a fund's or a goal's starting
 *   amount, its correction in the setup form, a loan's balance typed by hand, an account's first balance.
 * - Outside Helo: money the user moves between one of their pots and an account Helo does not know
 *   (a deposit typed on the fund's page, a deleted goal's money). Never income nor spending.
 */
export const OUTSIDE = {
  income: { kind: 'income', name: 'Income' },
  interest: { kind: 'interest', name: 'Interest' },
  valuation: { kind: 'valuation', name: 'Change in value' },
  opening: { kind: 'opening_balance', name: 'Opening balances' },
  elsewhere: { kind: 'opening_balance', name: 'Outside Helo' },
} as const satisfies Record<string, { kind: ExternalKind; name: string }>;
export type OutsideAccount = keyof typeof OUTSIDE;

/** One of the user's outside accounts, made on first use. */
export function outsideAccount(db: Db, userId: string, which: OutsideAccount): Promise<LedgerAccount> {
  return ensureAccount(db, userId, { ...OUTSIDE[which] });
}

/**
 * The user's Wallet: the checking account the Money Nest's "Wallet" share goes to and My Wallet
 * spends from, one per user (its subject is the user). It may go below zero (spending can overdraw
 * it); a Nest reversal still takes back only what it holds.
 */
export function walletAccount(db: Db, userId: string, now?: Date): Promise<LedgerAccount> {
  return ensureAccount(db, userId, {
    kind: 'checking',
    name: 'Wallet',
    subjectId: userId,
    ...(now ? { createdAt: now } : {}),
  });
}

/** The Money Nest's Loan payments: money set aside until a loan payment takes it, never below zero. */
export function loanPaymentsAccount(db: Db, userId: string, now?: Date): Promise<LedgerAccount> {
  return ensureAccount(db, userId, {
    kind: 'loan_payments',
    name: 'Loan payments',
    subjectId: userId,
    neverBelowZero: true,
    ...(now ? { createdAt: now } : {}),
  });
}
