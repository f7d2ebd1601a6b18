import {
  MAX_RULES,
  RULE_PREVIEW_LIMIT,
  type RuleMatch,
  type RulePreview,
  type ruleBody,
  type rulePreviewBody,
  type ruleUpdateBody,
  type WalletRule,
} from '@helo/contract/rules';
import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { WalletRuleRow } from '@helo/db/schema';
import { monthLabel } from '@helo/finance/calendar';
import { type Cents, centsToDollars } from '@helo/finance/cents';
import type { Line } from '@helo/finance/ledger';
import { type CompiledRules, compileRules, type RuleOutcome, runRules } from '@helo/finance/rules';
import type { z } from 'zod';
import type { Clock } from '../../../lib/clock.ts';
import { describeFieldError, type FieldErrors } from '../../../lib/field-errors.ts';
import { conflict, HttpError, invalidField, notFound } from '../../../lib/http-error.ts';
import { afterMoneyChange } from '../../../lib/money-changed.ts';
import { productMonth } from '../../../lib/product-day.ts';
import { lockUser } from '../../../lib/user-lock.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { isOwnKind, ownAccountOrFieldError } from '../../accounts/index.ts';
import { findBudgetByMonth } from '../../budgets/index.ts';
import {
  accountsOf,
  correctMany,
  type JournalCursor,
  type LedgerAccount,
  liveJournals,
  liveJournalsOfGroups,
  type PostedJournal,
} from '../../ledger/index.ts';
import { lockNestAccount } from '../../nest/index.ts';
import { type EditItem, recordEdit, undoEdit } from '../edits/edits.ts';
import { addTag, tagsOf } from '../tags.ts';
import { categoryOf, WALLET_KIND } from '../wallet.repository.ts';
import { NOT_A_BUDGET_CATEGORY, STALE_TRANSACTION } from '../wallet.service.ts';
import { engineRule, type RuleActionWire, type RuleConditionWire, storedRule } from './rule-form.ts';
import { OutsideAccounts, openOwnAccounts, ruledJournal, usableTransfer } from './rule-journals.ts';
import * as repo from './rules.repository.ts';

type RuleInput = z.output<typeof ruleBody>;
type RulePreviewInput = z.output<typeof rulePreviewBody>;
type RuleUpdateInput = z.output<typeof ruleUpdateBody>;

export const NO_RULE = 'Rule not found';
export const NO_APPLICATION = 'Rule application not found';
export const STALE_RULE =
  'This rule was changed in another tab or device. Reload to see the latest, then make your change again.';
export const UNDONE_ALREADY = 'This application of the rule was undone already';
export const tooManyRules = () => `You can have at most ${MAX_RULES} rules: delete one first`;

/** How many past transactions are read at once while looking for those a rule changes. */
const SCAN_PAGE = 1_000;
/** How many are locked and corrected in one go (a statement's bound parameters stay well in bounds). */
const APPLY_CHUNK = 1_000;
/** The kind of a rule's application among the recorded edits (../edits). */
export const RULE_APPLY_KIND = 'rule.apply';

/** A past transaction a rule would change: its journal, its line on its account and what it becomes. */
interface Change {
  journal: PostedJournal;
  /** Whether the journal changes (else only tags are added). */
  journalChanged: boolean;
  tagsAdded: string[];
  own: Line;
  outcome: RuleOutcome;
  match: RuleMatch;
}

/**
 * My Wallet's rules (issue 29 item 1; decisions.md "Rules: order and what wins"): the ordered list,
 * a preview of what a rule would change, its application to past transactions (corrected through
 * the ledger, all in one database transaction) and that application's one undo (the bulk edit's:
 * ../edits). Rule writes
 * take the user's row (a list: count, order); applications take the Money Nest's row as every Wallet
 * write, then each transaction's live journal.
 */
export class WalletRulesService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async list(userId: string): Promise<WalletRule[]> {
    return (await repo.listRules(this.#db, userId)).map(ruleView);
  }

  /** Adds a rule at the end of the list (409 past 500). */
  create(userId: string, body: RuleInput): Promise<WalletRule> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      await lockUser(tx, userId);
      const fields = await checkedRule(tx, userId, body, now);
      if ((await repo.countRules(tx, userId)) >= MAX_RULES) throw conflict(tooManyRules());
      return ruleView(await repo.insertRule(tx, userId, fields, now));
    });
  }

  /** Saves a rule from the version read (a bad field first, then a stale version is a 409). */
  update(userId: string, id: string, body: RuleUpdateInput): Promise<WalletRule> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      await lockUser(tx, userId);
      const row = await this.#rule(tx, userId, id, true);
      const fields = await checkedRule(tx, userId, body, now);
      if (row.version !== body.version) throw conflict(STALE_RULE);
      return ruleView(await repo.updateRule(tx, userId, id, fields, now));
    });
  }

  delete(userId: string, id: string): Promise<void> {
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await repo.deleteRule(tx, userId, await this.#rule(tx, userId, id, true));
    });
  }

  /** Puts the rules in the order given: every one of the user's rules, each once. */
  order(userId: string, ids: readonly string[]): Promise<WalletRule[]> {
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const rows = await repo.listRules(tx, userId);
      const known = new Set(rows.map((r) => r.id));
      if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw invalidField('ids', 'Send every one of your rules once, in the new order');
      }
      await repo.setOrder(tx, userId, ids, this.#clock.now());
      return (await repo.listRules(tx, userId)).map(ruleView);
    });
  }

  /**
   * What a rule (not saved) would change among the user's past transactions, taken alone: how many,
   * and the first 50, newest first.
   */
  async preview(userId: string, body: RulePreviewInput): Promise<RulePreview> {
    const fields = await checkedRule(this.#db, userId, { ...body, name: body.name ?? 'Preview' }, this.#clock.now());
    const compiled = compileRules([engineRule('preview', fields.conditions, fields.actions)]);
    const changes = await changesOf(this.#db, userId, compiled, RULE_PREVIEW_LIMIT);
    return { count: changes.count, transactions: changes.first.map((c) => c.match) };
  }

  /**
   * Applies a saved rule, taken alone, to every past transaction it changes: each corrected through
   * the ledger (its id stays; correctMany, a thousand at a time), all in one database transaction,
   * recorded as one edit for one undo (../edits: kind 'rule.apply', the application's id is the
   * edit's, its rule in `rule_id`).
   */
  apply(userId: string, id: string): Promise<{ application_id: string; changed: number }> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        if (!isUuid(id)) throw notFound(NO_RULE);
        const active = await lockNestAccount(tx, userId);
        const row = await this.#rule(tx, userId, id, false);
        const { conditions, actions } = storedRule(row);
        const compiled = compileRules([engineRule(row.id, conditions, actions)]);
        const { all } = active ? await changesOf(tx, userId, compiled, 0) : { all: [] };
        // In the order of their ids, as a bulk edit locks them (the two never deadlock).
        all.sort((a, b) => (a.journal.groupId < b.journal.groupId ? -1 : 1));
        const outside = new OutsideAccounts(tx, userId);
        const open = await openOwnAccounts(tx, userId);
        const afterOf = new Map<string, string>();
        for (let i = 0; i < all.length; i += APPLY_CHUNK) {
          const chunk = all.slice(i, i + APPLY_CHUNK);
          // Locked and read again: the list was read before the locks.
          const live = await liveJournalsOfGroups(
            tx,
            userId,
            WALLET_KIND,
            chunk.map((c) => c.journal.groupId),
            { lock: true },
          );
          if (chunk.some((c) => live.get(c.journal.groupId)?.id !== c.journal.id)) throw conflict(STALE_TRANSACTION);
          const corrected = chunk.filter((c) => c.journalChanged);
          for (const { outcome, own } of corrected) {
            const categories = outcome.split?.map((p) => p.category) ?? (outcome.category ? [outcome.category] : []);
            for (const category of categories) await outside.ensure(category, own.amountCents);
          }
          const after = await correctMany(
            tx,
            userId,
            corrected.map(({ journal, own, outcome }) => {
              const built = ruledJournal(
                outcome,
                { accountId: own.accountId, amountCents: own.amountCents, payee: journal.description },
                journal.lines.filter((l) => l !== own),
                outside,
                open,
              );
              return {
                journalId: journal.id,
                replacement: {
                  date: journal.date,
                  kind: WALLET_KIND,
                  description: built.description,
                  note: journal.note,
                  lines: built.lines,
                  externalId: journal.externalId,
                  externalAccountId: journal.externalAccountId,
                },
              };
            }),
            { at: now },
          );
          corrected.forEach((c, j) => {
            const journal = after[j];
            if (journal) afterOf.set(c.journal.groupId, journal.id);
          });
        }
        await addTags(tx, userId, all, now);
        const items: EditItem[] = all.map((c) => ({
          groupId: c.journal.groupId,
          beforeJournalId: c.journal.id,
          // Only tags added: the journal stays the one it had.
          afterJournalId: afterOf.get(c.journal.groupId) ?? c.journal.id,
          tags: c.tagsAdded.length > 0 ? { added: c.tagsAdded, removed: [] } : null,
        }));
        const applicationId = await recordEdit(tx, userId, RULE_APPLY_KIND, items, now, { ruleId: row.id });
        return { application_id: applicationId, changed: items.length };
      }),
    );
  }

  /**
   * Puts back every transaction an application changed, as it was (undoEdit: the correction
   * reversed, the journal before posted again under its id, each tag added taken off), but those
   * changed since: those are left and counted. Only a rule's application is undone here (a bulk
   * edit's id is a 404).
   */
  undo(userId: string, id: string): Promise<{ restored: number; skipped: number }> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_APPLICATION);
        return undoEdit(tx, userId, id, this.#clock.now(), {
          kind: RULE_APPLY_KIND,
          messages: { notFound: NO_APPLICATION, undoneAlready: UNDONE_ALREADY },
        });
      }),
    );
  }

  async #rule(tx: Db, userId: string, id: string, lock: boolean): Promise<WalletRuleRow> {
    const row = isUuid(id) ? await repo.findRule(tx, userId, id, lock) : undefined;
    if (!row) throw notFound(NO_RULE);
    return row;
  }
}

export function ruleView(row: WalletRuleRow): WalletRule {
  const { conditions, actions } = storedRule(row);
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    conditions,
    actions,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Adds the tags each change adds: a few statements a tag for each 1,000 transactions. */
async function addTags(tx: Db, userId: string, changes: readonly Change[], now: Date): Promise<void> {
  const byTag = new Map<string, { tag: string; groups: string[] }>();
  for (const change of changes) {
    for (const tag of change.tagsAdded) {
      const entry = byTag.get(tag.toLowerCase()) ?? { tag, groups: [] };
      entry.groups.push(change.journal.groupId);
      byTag.set(tag.toLowerCase(), entry);
    }
  }
  for (const { tag, groups } of byTag.values()) {
    for (let i = 0; i < groups.length; i += APPLY_CHUNK) {
      await addTag(tx, userId, groups.slice(i, i + APPLY_CHUNK), tag, now);
    }
  }
}

/**
 * The rule's fields, every one checked against the user's data, all bad ones named at once: each
 * category one of this month's budget's (stored as the budget spells it) or Uncategorized, each
 * account one of the user's open accounts.
 */
async function checkedRule(
  tx: Db,
  userId: string,
  body: RuleInput,
  now: Date,
): Promise<{ name: string; conditions: RuleConditionWire[]; actions: RuleActionWire[] }> {
  const errors: FieldErrors = [];
  const month = productMonth(now);
  const budget = await findBudgetByMonth(tx, userId, month);
  const category = (path: string, name: string): string => {
    const wanted = name.toLowerCase();
    const found = budget?.categories.find((c) => c.name.toLowerCase() === wanted)?.name;
    if (found) return found;
    if (wanted === UNCATEGORIZED.toLowerCase()) return UNCATEGORIZED;
    errors.push({
      path,
      message: budget
        ? NOT_A_BUDGET_CATEGORY
        : `${monthLabel(month)} has no budget: the category can only be Uncategorized`,
    });
    return name;
  };
  const account = async (path: string, id: string) => {
    try {
      await ownAccountOrFieldError(tx, userId, id, path);
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      errors.push(...e.errors);
    }
  };
  for (const [i, c] of body.conditions.entries()) {
    if (c.field === 'account') await account(`conditions.${i}.account_id`, c.account_id);
  }
  const actions: RuleActionWire[] = [];
  const seen = new Set<string>();
  for (const [i, a] of body.actions.entries()) {
    // One action of each type but tags (the engine would take the first one anyway: say so).
    const kind = a.type === 'add_tag' ? `tag:${a.tag.toLowerCase()}` : a.type;
    if (seen.has(kind)) errors.push({ path: `actions.${i}.type`, message: 'A rule can have this action only once' });
    seen.add(kind);
    if (a.type === 'set_category') actions.push({ ...a, category: category(`actions.${i}.category`, a.category) });
    else if (a.type === 'split') {
      actions.push({
        ...a,
        parts: a.parts.map((p, j) => ({ ...p, category: category(`actions.${i}.parts.${j}.category`, p.category) })),
        ...(a.rest_category === undefined
          ? {}
          : { rest_category: category(`actions.${i}.rest_category`, a.rest_category) }),
      });
    } else {
      if (a.type === 'transfer') await account(`actions.${i}.account_id`, a.account_id);
      actions.push(a);
    }
  }
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
  return { name: body.name, conditions: body.conditions, actions };
}

/**
 * The past transactions (live, not transfers) the compiled rules change, newest first: how many, the
 * first `keep` of them, and (keep = 0) all of them. Read page after page of the ledger's live index.
 */
async function changesOf(
  db: Db,
  userId: string,
  compiled: CompiledRules,
  keep: number,
): Promise<{ count: number; first: Change[]; all: Change[] }> {
  const accounts = new Map((await accountsOf(db, userId)).map((a) => [a.id, a]));
  const open = new Set([...accounts.values()].filter((a) => isOwnKind(a.kind) && a.closedAt === null).map((a) => a.id));
  const all: Change[] = [];
  let count = 0;
  let after: JournalCursor | undefined;
  for (;;) {
    const page = await liveJournals(db, userId, { kind: WALLET_KIND }, SCAN_PAGE, after);
    const tagged = await tagsOf(
      db,
      userId,
      page.journals.map((j) => j.groupId),
    );
    for (const journal of page.journals) {
      const change = changeOf(journal, compiled, accounts, open, tagged);
      if (!change) continue;
      count += 1;
      if (keep === 0 || all.length < keep) all.push(change);
    }
    const last = page.journals.at(-1);
    if (!page.more || !last) break;
    after = { date: last.date, createdAt: last.createdAt, id: last.groupId };
  }
  return { count, first: all, all };
}

/** What the rules make of one past transaction, when that changes anything (transfers are left alone). */
function changeOf(
  journal: PostedJournal,
  compiled: CompiledRules,
  accounts: ReadonlyMap<string, LedgerAccount>,
  open: ReadonlySet<string>,
  tagged: ReadonlyMap<string, string[]>,
): Change | undefined {
  const ownLines = journal.lines.filter((l) => isOwnKind(accounts.get(l.accountId)?.kind));
  const own = ownLines[0];
  if (!own || ownLines.length !== 1) return undefined;
  const others = journal.lines.filter((l) => l !== own);
  const outcome = runRules(compiled, {
    payee: journal.description,
    originalDescription: journal.originalDescription ?? journal.description,
    amountCents: own.amountCents,
    accountId: own.accountId,
    bankCategory: journal.bankCategory,
  });
  if (outcome.ruleIds.length === 0) return undefined;
  const newPayee = outcome.payee !== undefined && outcome.payee !== journal.description ? outcome.payee : null;
  const transferTo = usableTransfer(outcome, own.accountId, open) ?? null;
  const nameOf = (l: Line) => categoryOf(accounts.get(l.accountId));
  const current = others.map((l) => `${nameOf(l)}:${Math.abs(l.amountCents)}`).sort();
  const split =
    transferTo === null && outcome.split
      ? outcome.split.map((p) => ({ category: p.category, amount: centsToDollars(p.cents) }))
      : null;
  const splitChanged =
    split !== null &&
    (outcome.split ?? [])
      .map((p) => `${p.category}:${p.cents}`)
      .sort()
      .join('|') !== current.join('|');
  const currentCategory = others.length === 1 && others[0] ? nameOf(others[0]) : null;
  const newCategory =
    transferTo === null && split === null && outcome.category !== undefined && outcome.category !== currentCategory
      ? outcome.category
      : null;
  const has = new Set((tagged.get(journal.groupId) ?? []).map((t) => t.toLowerCase()));
  const tagsAdded = outcome.tags.filter((t) => !has.has(t.toLowerCase()));
  const journalChanged = newPayee !== null || transferTo !== null || splitChanged || newCategory !== null;
  if (!journalChanged && tagsAdded.length === 0) return undefined;
  return {
    journal,
    own,
    // What is left unchanged is not carried into the correction.
    journalChanged,
    tagsAdded,
    outcome: {
      ...outcome,
      split: splitChanged ? outcome.split : undefined,
      category: newCategory ?? undefined,
      transferTo: transferTo ?? undefined,
    },
    match: {
      id: journal.groupId,
      account_id: own.accountId,
      date: journal.date,
      payee: journal.description,
      amount: centsToDollars(own.amountCents as Cents),
      category: currentCategory ?? 'Split',
      new_payee: newPayee,
      new_category: newCategory,
      transfer_to: transferTo,
      split: splitChanged ? split : null,
      tags_added: tagsAdded,
    },
  };
}
