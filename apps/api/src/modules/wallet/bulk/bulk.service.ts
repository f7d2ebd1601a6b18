import { TAGS_MAX, UNCATEGORIZED } from '@helo/contract/wallet';
import type { WalletBulkResult, WalletUndoResult, walletBulkBody } from '@helo/contract/wallet-bulk';
import type { Db } from '@helo/db/client';
import { monthLabel, monthOf } from '@helo/finance/calendar';
import type { Cents } from '@helo/finance/cents';
import type { z } from 'zod';
import type { Clock } from '../../../lib/clock.ts';
import { invalidField, notFound } from '../../../lib/http-error.ts';
import { afterMoneyChange } from '../../../lib/money-changed.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { ownAccountOrFieldError } from '../../accounts/index.ts';
import { findBudgetByMonth } from '../../budgets/index.ts';
import {
  accountsOf,
  bankIdsIn,
  correctMany,
  findLink,
  type LedgerAccount,
  liveJournal,
  liveJournalsOfGroups,
  type PostedJournal,
  reverseMany,
} from '../../ledger/index.ts';
import { lockNestAccount } from '../../nest/index.ts';
import { LOAN_PAYMENT } from '../../user-debts/index.ts';
import { type EditItem, recordEdit, undoEdit } from '../edits/edits.ts';
import { addTag, removeTag, tagsOf } from '../tags.ts';
import { outsideAccountFor, WALLET_KIND } from '../wallet.repository.ts';
import { correctedTransaction, NO_TRANSACTION } from '../wallet.service.ts';

export type BulkInput = z.output<typeof walletBulkBody>;
type Action = BulkInput['action'];
type TagAction = Extract<Action, { type: 'add_tag' | 'remove_tag' }>;

/** What an action did: each transaction it changed, and how many were so already or could not take it. */
interface Applied {
  items: EditItem[];
  unchanged: number;
  skipped: number;
}

/**
 * Bulk edit in My Wallet (issue 29 item 6; decisions.md "Bulk edit and one undo"): one action on up
 * to 500 transactions, in one database transaction under the Money Nest's row, each changed through
 * the ledger (a correction, or a reversal for a deletion) and the whole recorded for one undo
 * (`edits/edits.ts`). Rows that cannot take the action are skipped and counted; an id that is no row
 * of the user's list is a 404 and nothing changes.
 */
export class WalletBulkService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  edit(userId: string, body: BulkInput): Promise<WalletBulkResult> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        if (!(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSACTION);
        const { live, skipped: readOnly } = await this.#lockRows(tx, userId, body.ids);
        const { action } = body;
        const { items, unchanged, skipped } =
          action.type === 'add_tag' || action.type === 'remove_tag'
            ? await tagAll(tx, userId, live, action, now)
            : await applyAll(
                tx,
                userId,
                live,
                await changeOf(tx, userId, action, live),
                new Map((await accountsOf(tx, userId)).map((a) => [a.id, a])),
                now,
              );
        const editId = items.length > 0 ? await recordEdit(tx, userId, `bulk.${body.action.type}`, items, now) : null;
        return { edit_id: editId, changed: items.length, unchanged, skipped: skipped + readOnly };
      }),
    );
  }

  /** Undoes a bulk edit (or any change recorded by recordEdit): see edits.ts. */
  undo(userId: string, editId: string): Promise<WalletUndoResult> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        if (!(await lockNestAccount(tx, userId))) throw notFound('This change was not found');
        return undoEdit(tx, userId, editId, this.#clock.now());
      }),
    );
  }

  /**
   * The transactions named, their live journals locked in the order of their ids (two bulk edits
   * never deadlock), and how many are rows the list shows read-only (a loan payment, a bank row
   * linked to a Nest deposit). Any other id is a 404 naming nothing.
   */
  async #lockRows(tx: Db, userId: string, ids: readonly string[]): Promise<{ live: PostedJournal[]; skipped: number }> {
    if (!ids.every(isUuid)) throw notFound(NO_TRANSACTION);
    const found = await liveJournalsOfGroups(tx, userId, WALLET_KIND, ids, { lock: true });
    let skipped = 0;
    for (const id of ids) {
      if (found.has(id)) continue;
      if (await isReadOnlyRow(tx, userId, id)) skipped++;
      else throw notFound(NO_TRANSACTION);
    }
    const live = [...found.values()];
    return { live, skipped };
  }
}

/** A row My Wallet lists but changes elsewhere: a loan payment, or a bank row linked to a Nest deposit. */
async function isReadOnlyRow(tx: Db, userId: string, id: string): Promise<boolean> {
  if (await liveJournal(tx, userId, LOAN_PAYMENT, id)) return true;
  const link = await findLink(tx, userId, id);
  return link !== undefined && link.unlinkedById === null;
}

/** The action, checked: a category as each month's budget spells it, an account of the user's. */
type Change =
  | { type: 'set_category'; spelling: ReadonlyMap<string, string | undefined> }
  | { type: 'set_account'; account: LedgerAccount }
  | { type: 'delete' };

async function changeOf(
  tx: Db,
  userId: string,
  action: Exclude<Action, TagAction>,
  live: readonly PostedJournal[],
): Promise<Change> {
  if (action.type === 'delete') return action;
  if (action.type === 'set_account') {
    return {
      type: 'set_account',
      account: await ownAccountOrFieldError(tx, userId, action.account_id, 'action.account_id'),
    };
  }
  // Each month's budget decides (as for one transaction): a month without the category is skipped;
  // a category no month of these has is a mistake, told at the field.
  const wanted = action.category.toLowerCase();
  const spelling = new Map<string, string | undefined>();
  const months = [...new Set(live.map((j) => monthOf(j.date)))];
  for (const month of months) {
    const budget = await findBudgetByMonth(tx, userId, month);
    const inBudget = budget?.categories.find((c) => c.name.toLowerCase() === wanted)?.name;
    spelling.set(month, inBudget ?? (wanted === UNCATEGORIZED.toLowerCase() ? UNCATEGORIZED : undefined));
  }
  if (months.length > 0 && [...spelling.values()].every((s) => s === undefined)) {
    const only = months.length === 1 && months[0] ? monthLabel(months[0]) : undefined;
    throw invalidField(
      'action.category',
      only
        ? `Category must be one of ${only}'s budget categories or Uncategorized`
        : "Category must be one of the budget categories of these transactions' months or Uncategorized",
    );
  }
  return { type: 'set_category', spelling };
}

/**
 * The action on every transaction, posted through the ledger at once: each one's journal before and
 * after, and how many were so already or could not take it.
 */
async function applyAll(
  tx: Db,
  userId: string,
  live: readonly PostedJournal[],
  change: Change,
  accounts: ReadonlyMap<string, LedgerAccount>,
  now: Date,
): Promise<Applied> {
  const item = (before: PostedJournal, after: PostedJournal | undefined): EditItem => {
    if (!after) throw new Error('ledger: a journal of the bulk edit was not posted');
    return { groupId: before.groupId, beforeJournalId: before.id, afterJournalId: after.id };
  };
  if (change.type === 'delete') {
    const reversals = await reverseMany(
      tx,
      userId,
      live.map((j) => j.id),
      { at: now },
    );
    return {
      items: live.map((before, i) => item(before, reversals[i])),
      unchanged: 0,
      skipped: 0,
    };
  }
  let target: Parameters<typeof correctedTransaction>[1] | undefined;
  if (change.type === 'set_account') {
    const bankIds = live.flatMap((j) => (j.externalId ? [j.externalId] : []));
    target = { account: change.account, bankIdsThere: await bankIdsIn(tx, userId, change.account.id, bankIds) };
  }
  // One outside account per category and direction (money in under Uncategorized is income).
  const outside = new Map<string, Promise<LedgerAccount>>();
  const outsideFor = (category: string) => (amountCents: Cents) => {
    const key = `${category}|${amountCents > 0}`;
    let account = outside.get(key);
    if (!account) {
      account = outsideAccountFor(tx, userId, category, amountCents);
      outside.set(key, account);
    }
    return account;
  };
  const changes: {
    before: PostedJournal;
    replacement: Exclude<Awaited<ReturnType<typeof correctedTransaction>>, string>;
  }[] = [];
  let unchanged = 0;
  let skipped = 0;
  for (const journal of live) {
    let how = target;
    if (change.type === 'set_category') {
      const category = change.spelling.get(monthOf(journal.date));
      how = category === undefined ? undefined : { outsideFor: outsideFor(category) };
    }
    const result = how ? await correctedTransaction(journal, how, accounts) : 'skipped';
    if (result === 'unchanged') unchanged++;
    else if (typeof result === 'string') skipped++;
    else changes.push({ before: journal, replacement: result });
  }
  const after = await correctMany(
    tx,
    userId,
    changes.map((c) => ({ journalId: c.before.id, replacement: c.replacement })),
    { at: now },
  );
  return {
    items: changes.map((c, i) => item(c.before, after[i])),
    unchanged,
    skipped,
  };
}

/**
 * A tag added to or taken off every transaction (the tags are no money: the journals stay as they
 * are). Those that have it already (any case), or lack the tag to take off, are unchanged; a
 * transaction at its 20 tags cannot take another: a 400 at `action.tag`, and nothing changes.
 */
async function tagAll(
  tx: Db,
  userId: string,
  live: readonly PostedJournal[],
  action: TagAction,
  now: Date,
): Promise<Applied> {
  const wanted = action.tag.toLowerCase();
  const current = await tagsOf(
    tx,
    userId,
    live.map((j) => j.groupId),
  );
  const has = (j: PostedJournal) => (current.get(j.groupId) ?? []).find((t) => t.toLowerCase() === wanted);
  const touched = live.filter((j) => (action.type === 'add_tag' ? !has(j) : has(j)));
  if (action.type === 'add_tag') {
    if (touched.some((j) => (current.get(j.groupId)?.length ?? 0) >= TAGS_MAX)) {
      throw invalidField('action.tag', `A transaction can have at most ${TAGS_MAX} tags`);
    }
    await addTag(
      tx,
      userId,
      touched.map((j) => j.groupId),
      action.tag,
      now,
    );
  } else {
    await removeTag(
      tx,
      userId,
      touched.map((j) => j.groupId),
      action.tag,
    );
  }
  return {
    items: touched.map((j) => ({
      groupId: j.groupId,
      beforeJournalId: j.id,
      afterJournalId: j.id,
      tags:
        action.type === 'add_tag'
          ? { added: [action.tag], removed: [] }
          : { added: [], removed: [has(j) ?? action.tag] },
    })),
    unchanged: live.length - touched.length,
    skipped: 0,
  };
}
