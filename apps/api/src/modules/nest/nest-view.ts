import type { Nest, NestDeposit, NestEntry } from '@helo/contract/nest';
import type { NestRuleRow } from '@helo/db/schema';
import type { NestBucket } from '@helo/finance/allocation';
import { type Cents, cents, centsToDollars } from '@helo/finance/cents';
import type { AccountKind } from '@helo/finance/ledger';
import type { LedgerAccount, LineRow, PagedLineRow } from '../ledger/index.ts';
import { targetIdOf } from './nest-rules.ts';

/**
 * What the Money Nest shows, read from the ledger (issue 27): its buckets are accounts' balances, a
 * deposit is a journal from Income, its shares that journal's other lines, its list the lines of the
 * Nest's journals and every line of Loan payments.
 */

export const DEPOSIT = 'nest.deposit';
export const REVERSAL = 'nest.reversal';
export const LOAN_PAYMENT = 'loan.payment';
/** A pull of a loan's payment from the Wallet into Loan payments on a payday (issue 30). */
export const LOAN_PULL = 'nest.loan_pull';
/** The loan bucket's monthly interest, from Interest into Loan payments. */
export const BUCKET_INTEREST = 'nest.bucket_interest';

const BUCKET_OF: Partial<Record<AccountKind, NestBucket>> = {
  checking: 'wallet',
  loan_payments: 'loans',
  emergency_fund: 'emergency_fund',
  goal: 'goal',
  investment: 'investment',
};
const BUCKET_ORDER: readonly NestBucket[] = ['wallet', 'loans', 'emergency_fund', 'goal', 'investment'];
const BUCKET_NAMES: Partial<Record<NestBucket, string>> = {
  wallet: 'Wallet',
  loans: 'Loan payments',
  emergency_fund: 'Emergency fund',
};

export const bucketOf = (kind: AccountKind): NestBucket => BUCKET_OF[kind] ?? 'wallet';

/** A line's account as the Nest names it: its buckets' own names, a goal's or an account's name. */
export function nameOf(line: Pick<LineRow, 'accountKind' | 'accountName'>): string {
  return BUCKET_NAMES[bucketOf(line.accountKind)] ?? line.accountName;
}

/** The user's goals and investment accounts that still exist, by id: a line of a deleted one names no target. */
export type LiveTargets = ReadonlySet<string>;

/** The goal or investment account a line went to (null for the Nest's own buckets, the fund, one deleted). */
const targetOf = (line: Pick<LineRow, 'accountKind' | 'subjectId'>, live: LiveTargets): string | null =>
  (line.accountKind === 'goal' || line.accountKind === 'investment') && line.subjectId && live.has(line.subjectId)
    ? line.subjectId
    : null;

/** A deposit (its journal and lines, when it was reversed) as the pages show it. */
export function depositView(
  journal: { id: string; date: string; description: string; createdAt: Date },
  lines: readonly LineRow[],
  reversedAt: Date | null,
  live: LiveTargets,
): NestDeposit {
  const income = lines.find((l) => l.accountKind === 'income');
  return {
    id: journal.id,
    amount: centsToDollars(cents(-(income?.amountCents ?? 0))),
    date: journal.date,
    source: journal.description,
    shares: lines
      .filter((l) => l.accountKind !== 'income')
      .map((l) => ({
        bucket: bucketOf(l.accountKind),
        target_id: targetOf(l, live),
        name: nameOf(l),
        amount: centsToDollars(l.amountCents),
      })),
    reversed_at: reversedAt?.toISOString() ?? null,
    created_at: journal.createdAt.toISOString(),
  };
}

/** One line of the Nest's list: a share, its reversal, or a loan payment out of Loan payments. */
/** Journals listed by their own kind and description (their Loan payments line only). */
const OWN_KINDS: Partial<Record<string, 'loan_payment' | 'loan_pull' | 'interest'>> = {
  [LOAN_PAYMENT]: 'loan_payment',
  [LOAN_PULL]: 'loan_pull',
  [BUCKET_INTEREST]: 'interest',
};

export function entryView(line: PagedLineRow, live: LiveTargets): NestEntry {
  const own = OWN_KINDS[line.journalKind];
  const kind =
    own ??
    (line.journalKind === DEPOSIT || (line.journalKind !== REVERSAL && line.amountCents > 0)
      ? 'allocation'
      : 'reversal');
  return {
    // The journal's id and the line's: unique, and nothing another user could guess or collide with.
    id: `${line.journalId}:${line.postingId}`,
    kind,
    bucket: bucketOf(line.accountKind),
    target_id: targetOf(line, live),
    name: own ? line.description : nameOf(line),
    amount: centsToDollars(line.amountCents),
    date: line.date,
    deposit_id: line.journalKind === DEPOSIT ? line.journalId : line.journalKind === REVERSAL ? line.reversesId : null,
    created_at: line.createdAt.toISOString(),
  };
}

/** The accounts the buckets show, by kind and subject. */
export interface BucketAccounts {
  wallet: LedgerAccount | undefined;
  loans: LedgerAccount | undefined;
  fund: LedgerAccount | undefined;
  /** Goals' and investment accounts' ledger accounts by their subject (the goal's, the account's id). */
  bySubject: ReadonlyMap<string, LedgerAccount>;
  /** Accounts the Nest's deposits ever posted to, by id. */
  postedTo: ReadonlySet<string>;
  goals: ReadonlyMap<string, string>;
  investments: ReadonlyMap<string, string>;
}

/**
 * Wallet and Loan payments always, then the targets of the rules in their order, then any other
 * fund, goal or account the Nest ever put money in that still exists, each with what it holds.
 */
export function bucketsOf(rules: readonly NestRuleRow[], a: BucketAccounts): Nest['buckets'] {
  const balance = (account: LedgerAccount | undefined): Cents => account?.balanceCents ?? cents(0);
  const buckets: Nest['buckets'] = [];
  const shown = new Set<string>();
  const add = (bucket: NestBucket, targetId: string | null, name: string, account: LedgerAccount | undefined) => {
    const key = `${bucket}|${targetId ?? ''}`;
    if (shown.has(key)) return;
    shown.add(key);
    buckets.push({ bucket, target_id: targetId, name, balance: centsToDollars(balance(account)) });
  };
  add('wallet', null, 'Wallet', a.wallet);
  add('loans', null, 'Loan payments', a.loans);
  const target = (bucket: NestBucket, targetId: string | null) => {
    if (bucket === 'emergency_fund') {
      if (a.fund) add('emergency_fund', null, 'Emergency fund', a.fund);
    } else if (targetId) {
      const name = (bucket === 'goal' ? a.goals : a.investments).get(targetId);
      if (name !== undefined) add(bucket, targetId, name, a.bySubject.get(targetId));
    }
  };
  for (const rule of rules) target(rule.bucket, targetIdOf(rule));
  const others = [...(a.fund ? [a.fund] : []), ...a.bySubject.values()]
    .filter((account) => a.postedTo.has(account.id))
    .sort((x, y) => BUCKET_ORDER.indexOf(bucketOf(x.kind)) - BUCKET_ORDER.indexOf(bucketOf(y.kind)));
  for (const account of others) target(bucketOf(account.kind), account.subjectId);
  return buckets;
}
