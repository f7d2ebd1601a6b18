import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import type { Line } from '@helo/finance/ledger';
import type { RuleOutcome } from '@helo/finance/rules';
import { isOwnAccount } from '../../accounts/index.ts';
import { accountsOf } from '../../ledger/index.ts';
import { outsideAccountFor } from '../wallet.repository.ts';

/**
 * The outside accounts rules post to, made on first use before any journal is built (a journal is
 * built synchronously, row after row): `ensure` each category a row needs, then `get` it.
 */
export class OutsideAccounts {
  readonly #ids = new Map<string, string>();
  readonly #db: Db;
  readonly #userId: string;

  constructor(db: Db, userId: string) {
    this.#db = db;
    this.#userId = userId;
  }

  // The same key outsideAccountFor decides by: money in 'Uncategorized' is income, the rest spending.
  static #key = (category: string, amountCents: number) =>
    `${amountCents > 0 && category.toLowerCase() === 'uncategorized' ? 'in' : 'out'}\u0000${category}`;

  async ensure(category: string, amountCents: number): Promise<void> {
    const key = OutsideAccounts.#key(category, amountCents);
    if (this.#ids.has(key)) return;
    this.#ids.set(key, (await outsideAccountFor(this.#db, this.#userId, category, amountCents)).id);
  }

  get(category: string, amountCents: number): string {
    const id = this.#ids.get(OutsideAccounts.#key(category, amountCents));
    if (id === undefined) throw new Error(`outside account of ${category} not ensured`);
    return id;
  }
}

/** The user's open accounts of their own (a transfer's other side must be one). */
export async function openOwnAccounts(db: Db, userId: string): Promise<Set<string>> {
  return new Set((await accountsOf(db, userId)).filter(isOwnAccount).map((a) => a.id));
}

/** The part of an outcome a journal can carry: a transfer only to an open account of the user's. */
export function usableTransfer(outcome: RuleOutcome, accountId: string, open: ReadonlySet<string>): string | undefined {
  const to = outcome.transferTo;
  return to !== undefined && to !== accountId && open.has(to) ? to : undefined;
}

/** The categories (with the row's sign) the outcome's journal posts to, to ensure before building it. */
export function categoriesOf(outcome: RuleOutcome, accountId: string, open: ReadonlySet<string>): string[] {
  if (usableTransfer(outcome, accountId, open)) return [];
  if (outcome.split) return outcome.split.map((p) => p.category);
  return outcome.category !== undefined ? [outcome.category] : [];
}

/**
 * A transaction's description and lines with the rules' outcome on it: its line on its account stays;
 * a transfer puts the other side on that account, a split one line per part (each the part's cents, of
 * the row's sign), a category one line on that category's account; else `others` (its lines as they are).
 */
export function ruledJournal(
  outcome: RuleOutcome,
  row: { accountId: string; amountCents: number; payee: string },
  others: readonly Line[],
  outside: OutsideAccounts,
  open: ReadonlySet<string>,
): { description: string; lines: Line[]; transfer: boolean } {
  const own: Line = { accountId: row.accountId, amountCents: row.amountCents as Cents };
  const description = outcome.payee ?? row.payee;
  const to = usableTransfer(outcome, row.accountId, open);
  if (to)
    return { description, lines: [own, { accountId: to, amountCents: -row.amountCents as Cents }], transfer: true };
  const sign = row.amountCents > 0 ? 1 : -1;
  if (outcome.split) {
    const parts = outcome.split.map((p) => ({
      accountId: outside.get(p.category, row.amountCents),
      amountCents: (-sign * p.cents) as Cents,
    }));
    return { description, lines: [own, ...parts], transfer: false };
  }
  if (outcome.category !== undefined) {
    const category = {
      accountId: outside.get(outcome.category, row.amountCents),
      amountCents: -row.amountCents as Cents,
    };
    return { description, lines: [own, category], transfer: false };
  }
  return { description, lines: [own, ...others], transfer: false };
}

/** Whether two journals' lines are the same postings (in any order). */
export function sameLines(a: readonly Line[], b: readonly Line[]): boolean {
  if (a.length !== b.length) return false;
  const key = (l: Line) => `${l.accountId}:${l.amountCents}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
}
