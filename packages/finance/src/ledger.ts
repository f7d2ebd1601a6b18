import type { Cents } from './cents.ts';

/**
 * The double-entry rules every money movement in Helo obeys (issue 27). Pure: the API's ledger module
 * applies them inside a transaction, and the property tests use them as the model.
 *
 * Signs follow the debit convention: a posting adds to an account's balance. What the user owns has a
 * positive balance; what they owe has a negative one (a loan of $5,000 is -500,000 cents); the world
 * outside mirrors both (income accrues negative, spending positive), so every journal sums to zero.
 */

/** What the user owns. */
export const ASSET_KINDS = [
  'checking',
  'savings',
  'cash',
  'investment',
  'emergency_fund',
  'goal',
  // The Money Nest's money set aside for loan payments, until a payment takes it.
  'loan_payments',
] as const;
/** What the user owes. */
export const LIABILITY_KINDS = ['credit_card', 'loan'] as const;
/** The world outside the user's accounts: where money comes from and goes to. */
export const EXTERNAL_KINDS = [
  'income',
  // One account per spending category (its name is the category).
  'spending',
  'interest',
  // The other side of an account's starting balance.
  'opening_balance',
  // The other side of a change in an investment's value (a balance update, not money moved).
  'valuation',
] as const;

export type AssetKind = (typeof ASSET_KINDS)[number];
export type LiabilityKind = (typeof LIABILITY_KINDS)[number];
export type ExternalKind = (typeof EXTERNAL_KINDS)[number];
export type AccountKind = AssetKind | LiabilityKind | ExternalKind;
export const ACCOUNT_KINDS: readonly AccountKind[] = [...ASSET_KINDS, ...LIABILITY_KINDS, ...EXTERNAL_KINDS];

export type AccountClass = 'asset' | 'liability' | 'external';

export function accountClass(kind: AccountKind): AccountClass {
  if ((ASSET_KINDS as readonly string[]).includes(kind)) return 'asset';
  if ((LIABILITY_KINDS as readonly string[]).includes(kind)) return 'liability';
  return 'external';
}

/** One line of a journal: `amount` cents added to the account's balance (negative takes away). */
export interface Line<Id = string> {
  accountId: Id;
  amountCents: Cents;
}

export type JournalProblem =
  | { kind: 'too_few_lines' }
  | { kind: 'not_cents'; accountId: unknown }
  | { kind: 'zero_line'; accountId: unknown }
  | { kind: 'repeated_account'; accountId: unknown }
  | { kind: 'unbalanced'; sumCents: number };

/**
 * Why these lines cannot be one journal, or undefined when they can: at least two lines, each a
 * non-zero whole number of cents, each account once (a journal says how much each account changes),
 * and the lines summing to zero.
 */
export function journalProblem<Id>(lines: readonly Line<Id>[]): JournalProblem | undefined {
  if (lines.length < 2) return { kind: 'too_few_lines' };
  const seen = new Set<Id>();
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents)) return { kind: 'not_cents', accountId: line.accountId };
    if (line.amountCents === 0) return { kind: 'zero_line', accountId: line.accountId };
    if (seen.has(line.accountId)) return { kind: 'repeated_account', accountId: line.accountId };
    seen.add(line.accountId);
    sum += line.amountCents;
  }
  if (!Number.isSafeInteger(sum)) return { kind: 'not_cents', accountId: undefined };
  return sum === 0 ? undefined : { kind: 'unbalanced', sumCents: sum };
}

/** The lines that undo a journal: each account gets back what the journal moved. */
export function reversalLines<Id>(lines: readonly Line<Id>[]): Line<Id>[] {
  return lines.map((line) => ({ accountId: line.accountId, amountCents: -line.amountCents as Cents }));
}

/**
 * The balances after a journal, or the first account with "never below zero" that it would take
 * below zero. An account absent from `balances` starts at zero.
 */
export function applyLines<Id>(
  balances: ReadonlyMap<Id, Cents>,
  lines: readonly Line<Id>[],
  neverBelowZero: ReadonlySet<Id>,
): { ok: true; balances: Map<Id, Cents> } | { ok: false; accountId: Id; balanceCents: Cents } {
  const next = new Map(balances);
  for (const line of lines) {
    const after = ((next.get(line.accountId) ?? 0) + line.amountCents) as Cents;
    if (after < 0 && neverBelowZero.has(line.accountId)) {
      return { ok: false, accountId: line.accountId, balanceCents: (next.get(line.accountId) ?? 0) as Cents };
    }
    next.set(line.accountId, after);
  }
  return { ok: true, balances: next };
}

/** What an account shows the user: what it holds, or for a liability what is owed (positive). */
export function shownBalance(kind: AccountKind, balanceCents: Cents): Cents {
  return (accountClass(kind) === 'liability' ? -balanceCents : balanceCents) as Cents;
}

/**
 * Net worth: what the user's accounts hold less what they owe, each account counted once. Owed
 * balances are already negative, so it is the plain sum over the user's own accounts.
 */
export function netWorth(accounts: readonly { kind: AccountKind; balanceCents: Cents }[]): Cents {
  let sum = 0;
  for (const account of accounts) if (accountClass(account.kind) !== 'external') sum += account.balanceCents;
  return sum as Cents;
}
