import {
  UNCATEGORIZED,
  type WalletSummary,
  type WalletTransaction,
  type walletSummaryQuery,
  type walletTransactionBody,
  type walletTransactionsQuery,
  type walletTransactionUpdateBody,
} from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { firstDayOf, monthLabel, monthOf, nextMonth } from '@helo/finance/calendar';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { spendingByCategory } from '@helo/finance/spending';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { laterThanTodayMessage } from '../../lib/day-rules.ts';
import { describeFieldError, type FieldErrors } from '../../lib/field-errors.ts';
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { productMonth } from '../../lib/product-day.ts';
import { isOwnKind, ownAccountOrFieldError, walletAccountOf } from '../accounts/index.ts';
import { findBudgetByMonth } from '../budgets/index.ts';
import { decodeEntryCursor, encodeEntryCursor } from '../emergency-fund/index.ts';
import {
  accountsOf,
  bankIdsIn,
  correct,
  countLive,
  type LedgerAccount,
  liveJournal,
  liveJournals,
  type PostedJournal,
  post,
  reverse,
} from '../ledger/index.ts';
import { lockNestAccount, NOT_ACTIVE, nestWalletBalance } from '../nest/index.ts';
import { accountsOfCategory, categoryFlows, categoryOf, outsideAccountFor, WALLET_KIND } from './wallet.repository.ts';
import { DEFAULT_WALLET_LIMITS, tooManyTransactions, type WalletLimits } from './wallet-limits.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_TRANSACTION = 'Transaction not found';
export const STALE_TRANSACTION =
  'This transaction was changed in another tab or device. Reload to see the latest, then make your change again.';
export const NOT_A_BUDGET_CATEGORY = "Category must be one of this month's budget categories or Uncategorized";

export type TransactionInput = z.output<typeof walletTransactionBody>;
export type TransactionUpdateInput = z.output<typeof walletTransactionUpdateBody>;
export type TransactionsQuery = z.output<typeof walletTransactionsQuery>;
export type SummaryQuery = z.output<typeof walletSummaryQuery>;

export interface TransactionsPage {
  data: WalletTransaction[];
  next_cursor: string | null;
}

/** What a transaction's form says, checked: the journal's fields and its two lines. */
interface CheckedTransaction {
  account: LedgerAccount;
  date: string;
  payee: string;
  amountCents: Cents;
  category: string;
  note: string | null;
}

/**
 * My Wallet (issue 15; issue 27, decisions.md "Accounts and the Wallet on the ledger"): the user's
 * transactions in their accounts, each a journal of the ledger (its line on the account ± the amount,
 * against the outside account of its category), and a month's spending against its budget. The
 * transaction's id is the journal's group id, its version the journal's: an edit is a correction, a
 * deletion a reversal. Writes need the Money Nest, and take its row first: a user's wallet writes run
 * one after another (the ceiling on transactions is counted under it).
 */
export class WalletService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #limits: WalletLimits;

  constructor(db: Db, clock: Clock, limits: WalletLimits = DEFAULT_WALLET_LIMITS) {
    this.#db = db;
    this.#clock = clock;
    this.#limits = limits;
  }

  /** A page of the user's transactions, newest first, filtered (an empty page before activation). */
  async list(userId: string, query: TransactionsQuery): Promise<TransactionsPage> {
    const after = query.cursor === undefined ? undefined : decodeEntryCursor(query.cursor);
    const accounts = await accountsOf(this.#db, userId);
    const postingOn: string[][] = [];
    if (query.account_id !== undefined) {
      postingOn.push([(await ownAccountOrFieldError(this.#db, userId, query.account_id, 'account_id')).id]);
    }
    if (query.category !== undefined) postingOn.push(accountsOfCategory(accounts, query.category));
    const page = await liveJournals(
      this.#db,
      userId,
      { kind: WALLET_KIND, from: query.from, to: query.to, search: query.q || undefined, postingOn },
      query.limit,
      after,
    );
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const last = page.journals.at(-1);
    return {
      data: page.journals.map((j) => transactionView(j, byId)),
      next_cursor: page.more && last ? encodeEntryCursor({ ...last, id: last.groupId }) : null,
    };
  }

  /** Adds a transaction (409 before the Money Nest is active, and past the ceiling on transactions). */
  create(userId: string, body: TransactionInput): Promise<WalletTransaction> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
      const checked = await checkedFields(tx, userId, body, undefined, now);
      if ((await countLive(tx, userId, WALLET_KIND)) >= this.#limits.maxTransactions) {
        throw conflict(tooManyTransactions(this.#limits.maxTransactions));
      }
      const posted = await post(tx, userId, { ...(await journalOf(tx, userId, checked)), createdAt: now });
      return transactionView(posted, await accountsById(tx, userId, posted));
    });
  }

  /**
   * Saves the edit form from the version the client read: a bad field is named first (a reload would
   * not make it right), then a stale version is a 409. The journal is corrected: reversed and posted
   * again under its group, as one change. Without `account_id` it stays in its account.
   */
  update(userId: string, id: string, body: TransactionUpdateInput): Promise<WalletTransaction> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      const live = await this.#lockLive(tx, userId, id);
      const checked = await checkedFields(tx, userId, body, live, now);
      if (live.version !== body.version) throw conflict(STALE_TRANSACTION);
      const journal = await journalOf(tx, userId, checked);
      // The bank id stays with the transaction; it is unique per account, so moving it into an account
      // that holds the same bank transaction already is refused.
      const { externalId } = live;
      const moved = ownLine(live, await accountsById(tx, userId, live))?.accountId !== checked.account.id;
      if (externalId && moved && (await bankIdsIn(tx, userId, checked.account.id, [externalId])).has(externalId)) {
        throw invalidField('account_id', `${checked.account.name} has this bank transaction already`);
      }
      const posted = await correct(
        tx,
        userId,
        live.id,
        { ...journal, externalId, externalAccountId: externalId ? checked.account.id : null },
        { at: now },
      );
      return transactionView(posted, await accountsById(tx, userId, posted));
    });
  }

  /** Deletes the transaction: its journal is reversed (dated like it, so its month nets out). */
  delete(userId: string, id: string): Promise<void> {
    return this.#db.transaction(async (tx) => {
      const live = await this.#lockLive(tx, userId, id);
      await reverse(tx, userId, live.id, { at: this.#clock.now() });
    });
  }

  /**
   * The Wallet's balance and a month's spending per category (this month in New York when none is
   * given): the budget's categories with their planned amounts, then Uncategorized, then names the
   * budget no longer has (`spendingByCategory`). Before activation the balance is $0.
   */
  async summary(userId: string, query: SummaryQuery): Promise<WalletSummary> {
    const month = query.month ?? productMonth(this.#clock.now());
    const first = firstDayOf(month);
    const next = firstDayOf(nextMonth(month));
    const balance = await nestWalletBalance(this.#db, userId);
    const flows = await categoryFlows(this.#db, userId, first, next);
    const budget = await findBudgetByMonth(this.#db, userId, month);
    const spending = spendingByCategory({
      budget: (budget?.categories ?? []).map((c) => ({ name: c.name, plannedCents: c.plannedCents })),
      flows,
      uncategorized: UNCATEGORIZED,
    });
    return {
      month,
      balance: centsToDollars(cents(balance)),
      has_budget: budget !== undefined,
      categories: spending.categories.map((c) => ({
        name: c.name,
        planned: c.plannedCents === null ? null : centsToDollars(c.plannedCents),
        spent: centsToDollars(c.spentCents),
      })),
      total_planned: centsToDollars(spending.totalPlannedCents),
      total_spent: centsToDollars(spending.totalSpentCents),
      income: centsToDollars(spending.incomeCents),
    };
  }

  /**
   * The transaction's live journal, locked, under the Nest's row (every wallet write takes it first, so
   * an edit that waited for another reads the journal that one left: a stale version, not a 404).
   * Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
   */
  async #lockLive(tx: Db, userId: string, id: string): Promise<PostedJournal> {
    if (!UUID.test(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSACTION);
    const live = await liveJournal(tx, userId, WALLET_KIND, id, { lock: true });
    if (!live) throw notFound(NO_TRANSACTION);
    return live;
  }
}

/**
 * The form's fields, each checked, all bad ones named at once: an account of the user's (the Wallet
 * when none is given on an add; its own account on a save), a day at most one ahead of New York's
 * today (as the ledgers take them: a user east of it is on tomorrow), and a category of the budget of
 * the transaction's month (stored as the budget spells it) or Uncategorized.
 */
async function checkedFields(
  tx: Db,
  userId: string,
  body: TransactionInput,
  editing: PostedJournal | undefined,
  now: Date,
): Promise<CheckedTransaction> {
  const errors: FieldErrors = [];
  let account: LedgerAccount | undefined;
  if (body.account_id !== undefined) {
    try {
      account = await ownAccountOrFieldError(tx, userId, body.account_id, 'account_id');
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      errors.push(...e.errors);
    }
  } else if (editing) {
    const byId = await accountsById(tx, userId, editing);
    account = byId.get(ownLine(editing, byId)?.accountId ?? '');
  } else {
    account = await walletAccountOf(tx, userId, now);
  }
  const lateDay = laterThanTodayMessage('Date', body.date, now);
  if (lateDay) errors.push({ path: 'date', message: lateDay });
  const month = monthOf(body.date);
  const budget = await findBudgetByMonth(tx, userId, month);
  const sent = body.category ?? UNCATEGORIZED;
  const wanted = sent.toLowerCase();
  const inBudget = budget?.categories.find((c) => c.name.toLowerCase() === wanted);
  const category = inBudget?.name ?? (wanted === UNCATEGORIZED.toLowerCase() ? UNCATEGORIZED : undefined);
  if (category === undefined) {
    errors.push({
      path: 'category',
      message: budget
        ? NOT_A_BUDGET_CATEGORY
        : `${monthLabel(month)} has no budget: the category can only be Uncategorized`,
    });
  }
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
  if (!account) throw new Error('a transaction without its account');
  return {
    account,
    date: body.date,
    payee: body.payee,
    amountCents: dollarsToCents(body.amount),
    category: category ?? UNCATEGORIZED,
    note: body.note || null,
  };
}

/** The journal of a checked transaction: the account's line ± the amount, against its category's outside account. */
async function journalOf(tx: Db, userId: string, t: CheckedTransaction) {
  const outside = await outsideAccountFor(tx, userId, t.category, t.amountCents);
  return {
    date: t.date,
    kind: WALLET_KIND,
    description: t.payee,
    note: t.note,
    lines: [
      { accountId: t.account.id, amountCents: t.amountCents },
      { accountId: outside.id, amountCents: -t.amountCents as Cents },
    ],
  };
}

async function accountsById(db: Db, userId: string, journal: PostedJournal): Promise<Map<string, LedgerAccount>> {
  const accounts = await accountsOf(
    db,
    userId,
    journal.lines.map((l) => l.accountId),
  );
  return new Map(accounts.map((a) => [a.id, a]));
}

/** The journal's line on the user's own account (the other is the world outside). */
const ownLine = (journal: PostedJournal, accounts: ReadonlyMap<string, LedgerAccount>) =>
  journal.lines.find((l) => isOwnKind(accounts.get(l.accountId)?.kind));

export function transactionView(
  journal: PostedJournal,
  accounts: ReadonlyMap<string, LedgerAccount>,
): WalletTransaction {
  const own = ownLine(journal, accounts);
  const outside = journal.lines.find((l) => l !== own);
  return {
    id: journal.groupId,
    account_id: own?.accountId ?? '',
    date: journal.date,
    payee: journal.description,
    amount: centsToDollars(own?.amountCents ?? (0 as Cents)),
    category: categoryOf(outside ? accounts.get(outside.accountId) : undefined),
    note: journal.note,
    import_id: journal.batchId,
    version: journal.version,
    created_at: journal.createdAt.toISOString(),
  };
}
