import {
  UNCATEGORIZED,
  type WalletTransaction,
  type WalletTransactionBody,
  type WalletTransactionUpdateBody,
  walletTransactionBody,
} from '@helo/contract/wallet';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';
import { formatDollars } from '../../lib/display-format.ts';

export const DIRECTIONS = ['out', 'in'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * A transaction as its form holds it: the amount as the currency input's string, always positive,
 * with money out or in said apart, so nobody types a minus sign.
 */
export interface TransactionValues {
  /** The account's id; '' for the Wallet (the server's default). */
  account_id: string;
  date: string;
  payee: string;
  direction: Direction;
  amount: string;
  category: string;
  note: string;
  /** Its tags, as chips (the contract trims them and keeps one of each). */
  tags: string[];
  /** Its parts when split (each amount positive, in the transaction's direction); empty when not split. */
  splits: SplitValues[];
}

/** One part of a split as the form holds it. */
export interface SplitValues {
  category: string;
  amount: string;
}

/** The values on the wire: money out negative; an empty amount or date left out so the contract says so. */
function wireOf(values: TransactionValues): Record<string, unknown> {
  const sign = values.direction === 'out' ? -1 : 1;
  const typed = amountOf(values.amount);
  const amount = typed === undefined ? undefined : typed * sign;
  const note = values.note.trim();
  const splits = values.splits.map((p) => {
    const part = amountOf(p.amount);
    return { category: p.category, amount: part === undefined ? undefined : part * sign };
  });
  return {
    account_id: values.account_id === '' ? undefined : values.account_id,
    date: values.date.trim() === '' ? undefined : values.date,
    payee: values.payee,
    amount,
    category: values.category.trim() === '' ? UNCATEGORIZED : values.category,
    note: note === '' ? null : note,
    tags: values.tags,
    splits: splits.length === 0 ? undefined : splits,
  };
}

/** What is left to give the parts of a split (negative when they add up to more), in cents; null while an amount is unreadable. */
export function leftToSplitCents(values: Pick<TransactionValues, 'amount' | 'splits'>): number | null {
  const total = amountOf(values.amount);
  if (total === undefined) return null;
  let left = Math.round(total * 100);
  for (const p of values.splits) {
    const part = p.amount.trim() === '' ? 0 : amountOf(p.amount);
    if (part === undefined) return null;
    left -= Math.round(part * 100);
  }
  return left;
}

/** The contract speaks of signed amounts; the form's amount is positive, so its words are too. */
const amountMessage = (message: string) => message.replace('cannot be less than -$', 'cannot be more than $');

/** The form's schema: what the contract accepts, each of its messages on its field. */
export const transactionForm = z
  .object({
    account_id: z.string(),
    date: z.string(),
    payee: z.string(),
    direction: z.enum(DIRECTIONS),
    amount: amountText,
    category: z.string(),
    note: z.string(),
    tags: z.array(z.string()),
    splits: z.array(z.object({ category: z.string(), amount: z.string() })),
  })
  .superRefine((values, ctx) => {
    const parsed = walletTransactionBody.safeParse(wireOf(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const amountIssue = issue.path[0] === 'amount' || (issue.path[0] === 'splits' && issue.path[2] === 'amount');
      const message = amountIssue ? amountMessage(issue.message) : issue.message;
      ctx.addIssue({ code: 'custom', path: issue.path, message });
    }
  });

/** The body of a new transaction, from values the form's schema passed. */
export const transactionBodyOf = (values: TransactionValues): WalletTransactionBody =>
  walletTransactionBody.parse(wireOf(values));

/** The body of an edit, from the version the page read. */
export const transactionUpdateBodyOf = (values: TransactionValues, version: number): WalletTransactionUpdateBody => ({
  ...transactionBodyOf(values),
  version,
});

/** A new transaction: money out, dated `today`, not filed under a category yet, in `account` (the Wallet by default). */
export const blankTransaction = (today: string, account = ''): TransactionValues => ({
  account_id: account,
  date: today,
  payee: '',
  direction: 'out',
  amount: '',
  category: UNCATEGORIZED,
  note: '',
  tags: [],
  splits: [],
});

/** A saved transaction as its edit form starts. */
export const transactionValuesOf = (t: WalletTransaction): TransactionValues => ({
  account_id: t.account_id,
  date: t.date.slice(0, 10),
  payee: t.payee,
  direction: t.amount < 0 ? 'out' : 'in',
  amount: String(Math.abs(t.amount)),
  // A split one's own category ('Split') is no choice: its parts say where it goes.
  category: t.splits ? UNCATEGORIZED : t.category,
  note: t.note ?? '',
  tags: [...t.tags],
  splits: (t.splits ?? []).map((p) => ({ category: p.category, amount: String(Math.abs(p.amount)) })),
});

/**
 * The categories a transaction dated `date` can be filed under: that month's budget categories, then
 * 'Uncategorized' (always there); `keep`, the category it is filed under now, stays offered even if
 * the budget no longer has it, so opening an edit never changes it.
 */
export function categoryChoices(budgetCategories: readonly string[], keep?: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const name of [...budgetCategories, UNCATEGORIZED, ...(keep ? [keep] : [])]) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** '−$12.34' for money out, '+$12.34' for money in (the minus sign the Nest's ledger writes). */
export const signedDollars = (amount: number) =>
  amount < 0 ? `−${formatDollars(-amount)}` : `+${formatDollars(amount)}`;

/** What the list is filtered by; empty strings filter nothing. */
export interface TransactionFilters {
  q: string;
  account: string;
  category: string;
  tag: string;
  from: string;
  to: string;
}

export const NO_FILTERS: TransactionFilters = { q: '', account: '', category: '', tag: '', from: '', to: '' };

/** '?q=…&account_id=…&category=…&cursor=…' for GET /v1/wallet/transactions ('' without any). */
export function transactionsQueryString(filters: TransactionFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  if (filters.account !== '') params.set('account_id', filters.account);
  if (filters.category !== '') params.set('category', filters.category);
  if (filters.tag !== '') params.set('tag', filters.tag);
  if (filters.from !== '') params.set('from', filters.from);
  if (filters.to !== '') params.set('to', filters.to);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
