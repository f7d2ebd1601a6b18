import { TAGS_MAX, UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import { merchantName } from '@helo/finance/merchant-name';
import { type CompiledRules, type RuleOutcome, runRules } from '@helo/finance/rules';
import { type JournalInput, stageEach } from '../ledger/index.ts';
import { categoriesOf, OutsideAccounts, openOwnAccounts, ruledJournal } from './rules/rule-journals.ts';
import { addTag } from './tags.ts';
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

/** A bank row's journal, and the tags the rules put on it (add_tag actions). */
export interface BankJournal {
  journal: JournalInput;
  tags: readonly string[];
}

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
 * conditions match it. The tags the rules add go beside the journal (`RuleTags`).
 */
export async function bankRowJournals(
  db: Db,
  userId: string,
  rows: readonly RuledRow[],
  createdAt: Date,
  rules: CompiledRules,
): Promise<(row: BankRow, accountId: string) => BankJournal> {
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
    const outcome = outcomeOf({
      payee: r.payee,
      amountCents: r.amountCents,
      accountId,
      bankCategory: r.bankCategory ?? null,
    });
    const { description, lines } = ruledJournal(
      outcome,
      { accountId, amountCents: r.amountCents, payee: shown(r.payee) },
      [uncategorized],
      outside,
      open,
    );
    const journal: JournalInput = {
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
    return { journal, tags: outcome.tags };
  };
}

/**
 * The tags the rules add to a bank's rows, gathered while their journals are staged (or posted) and
 * written at the end, in the transaction that publishes them: a commit that fails leaves its staged
 * journals to be discarded, and no tag of theirs behind. Only the transactions written get theirs (a
 * row the ledger left out, its bank id held already, gets none). Once each in any case, at most 20 on
 * a transaction (the first 20 of the rules' order: a rule list adding more does not fail an import).
 */
export class RuleTags {
  /** Each tag (by its lower case) with its first spelling and the transactions it goes on. */
  readonly #byTag = new Map<string, { tag: string; groups: string[] }>();

  /** Remembers each transaction's tags: `groupIds[i]` is `built[i]`'s transaction (null: not written). */
  note(groupIds: readonly (string | null)[], built: readonly BankJournal[]): void {
    groupIds.forEach((groupId, i) => {
      if (groupId === null) return;
      const seen = new Set<string>();
      for (const tag of built[i]?.tags ?? []) {
        const key = tag.toLowerCase();
        if (seen.has(key) || seen.size >= TAGS_MAX) continue;
        seen.add(key);
        const entry = this.#byTag.get(key) ?? { tag, groups: [] };
        entry.groups.push(groupId);
        this.#byTag.set(key, entry);
      }
    });
  }

  /** Writes them: a few statements a tag for each 1,000 transactions (well under a statement's bound parameters). */
  async write(tx: Db, userId: string, now: Date): Promise<void> {
    for (const { tag, groups } of this.#byTag.values()) {
      for (let i = 0; i < groups.length; i += 1000) await addTag(tx, userId, groups.slice(i, i + 1000), tag, now);
    }
  }
}

/** Stages the journals built (stageEach) and notes the tags of those written; how many were. */
export async function stageBankJournals(
  tx: Db,
  userId: string,
  batchId: string,
  built: readonly BankJournal[],
  tags: RuleTags,
): Promise<number> {
  const ids = await stageEach(
    tx,
    userId,
    batchId,
    built.map((b) => b.journal),
  );
  tags.note(ids, built);
  return ids.filter((id) => id !== null).length;
}
