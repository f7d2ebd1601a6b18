import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import { merchantName } from '@helo/finance/merchant-name';
import { type CompiledRules, type RuleOutcome, runRules } from '@helo/finance/rules';
import type { JournalInput } from '../ledger/index.ts';
import { categoriesOf, OutsideAccounts, openOwnAccounts, ruledJournal } from './rules/rule-journals.ts';
import { WALLET_KIND } from './wallet.repository.ts';

/** A transaction as a bank gives it: a file's row, or a connection's. */
export interface BankRow {
  date: string;
  payee: string;
  note: string | null;
  amountCents: number;
  /** The bank's id of it: the same id in the same account is the same transaction. */
  externalId: string | null;
  /** The bank's own category of it, when it gives one (a rule may match on it). */
  bankCategory?: string | null;
}

/** The payee a bank's description shows as: its merchant name, else the description itself. */
const shown = (description: string) => merchantName(description) || description;

/** What the rules see of a bank row in its account (`payee`: the bank's description). */
export interface RuledRow {
  payee: string;
  amountCents: number;
  accountId: string;
  bankCategory?: string | null;
}

/**
 * How a bank's transactions become My Wallet's journals in the user's accounts, for a file's import
 * and a connection's sync alike: the user's rules (compiled once, `userRules`) decide each row's
 * payee, category, split or transfer (decisions.md "Rules: order and what wins"); a row no rule files
 * is Uncategorized (money out against the spending account 'Uncategorized', money in against that
 * income). Each keeps its bank id in its account (so the same one is never added twice). The outside
 * accounts are made (if new) on `db` before any journal is built; the answer builds each row's
 * journal into the account given. Outcomes are remembered per (account, payee, amount, bank
 * category): a file repeats its payees, and the rules run once for both passes.
 * The payee shown (and matched by payee conditions) is the merchant name made of the bank's
 * description ("TRADER JOE S #552 SAN FRANCISCO CA" is "Trader Joe's"; the description itself when
 * nothing is left of it); the bank's description is kept beside it, and original-description
 * conditions match it.
 */
export async function bankRowJournals(
  db: Db,
  userId: string,
  rows: readonly RuledRow[],
  createdAt: Date,
  rules: CompiledRules,
): Promise<(row: BankRow, accountId: string) => JournalInput> {
  const outside = new OutsideAccounts(db, userId);
  const open = rules.rules.length > 0 ? await openOwnAccounts(db, userId) : new Set<string>();
  const outcomes = new Map<string, RuleOutcome>();
  const outcomeOf = (r: RuledRow): RuleOutcome => {
    const key = `${r.accountId}\u0000${r.payee}\u0000${r.amountCents}\u0000${r.bankCategory ?? ''}`;
    let o = outcomes.get(key);
    if (!o) {
      o = runRules(rules, { ...r, payee: shown(r.payee), originalDescription: r.payee });
      outcomes.set(key, o);
    }
    return o;
  };
  for (const r of rows) {
    await outside.ensure(UNCATEGORIZED, r.amountCents);
    for (const category of categoriesOf(outcomeOf(r), r.accountId, open)) await outside.ensure(category, r.amountCents);
  }
  return (r, accountId) => {
    const uncategorized = {
      accountId: outside.get(UNCATEGORIZED, r.amountCents),
      amountCents: -r.amountCents as Cents,
    };
    const { description, lines } = ruledJournal(
      outcomeOf({ payee: r.payee, amountCents: r.amountCents, accountId, bankCategory: r.bankCategory ?? null }),
      { accountId, amountCents: r.amountCents, payee: shown(r.payee) },
      [uncategorized],
      outside,
      open,
    );
    return {
      date: r.date,
      kind: WALLET_KIND,
      description,
      originalDescription: r.payee,
      bankCategory: r.bankCategory ?? null,
      note: r.note,
      externalId: r.externalId,
      externalAccountId: accountId,
      createdAt,
      lines,
    };
  };
}
