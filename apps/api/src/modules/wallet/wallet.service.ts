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
import type { WalletTransactionRow } from '@helo/db/schema';
import { firstDayOf, monthLabel, monthOf, nextMonth } from '@helo/finance/calendar';
import { cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { spendingByCategory } from '@helo/finance/spending';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { laterThanTodayMessage } from '../../lib/day-rules.ts';
import { describeFieldError, type FieldErrors } from '../../lib/field-errors.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { productMonth } from '../../lib/product-day.ts';
import { findBudgetByMonth } from '../budgets/index.ts';
import { decodeEntryCursor, encodeEntryCursor } from '../emergency-fund/index.ts';
import { findNestAccount, NOT_ACTIVE } from '../nest/index.ts';
import {
  categoryFlows,
  deleteTransaction,
  insertTransaction,
  listTransactions,
  lockTransaction,
  type TransactionFields,
  updateTransaction,
  walletBalance,
} from './wallet.repository.ts';
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

/**
 * My Wallet (issue 15, decisions.md "My Wallet"): the transactions spent from the Wallet (by hand
 * here; bank files in `import/`) and a month's spending against its budget. A transaction is filed
 * under one of its month's budget categories, spelled as the budget spells it, or 'Uncategorized'.
 * Writes need the Money Nest to be active; each is one row, so an edit locks only that row.
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
    const filter = { from: query.from, to: query.to, category: query.category, search: query.q || undefined };
    const page = await listTransactions(this.#db, userId, filter, query.limit, after);
    const last = page.rows.at(-1);
    return {
      data: page.rows.map(transactionView),
      next_cursor: page.more && last ? encodeEntryCursor(last) : null,
    };
  }

  /** Adds a transaction (409 before the Money Nest is active, and past the ceiling on transactions). */
  create(userId: string, body: TransactionInput): Promise<WalletTransaction> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      if (!(await findNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
      const fields = await checkedFields(tx, userId, body, now);
      const row = await insertTransaction(tx, userId, fields, now);
      // Counted after the insert: its trigger has updated (and locked) the Nest's row, so two entries
      // at once are counted one after the other and cannot both pass the ceiling.
      const held = (await findNestAccount(tx, userId))?.walletTransactionsCount ?? 0;
      if (held > this.#limits.maxTransactions) throw conflict(tooManyTransactions(this.#limits.maxTransactions));
      return transactionView(row);
    });
  }

  /**
   * Saves the edit form from the version the client read: a bad field is named first (a reload would
   * not make it right), then a stale version is a 409.
   */
  update(userId: string, id: string, body: TransactionUpdateInput): Promise<WalletTransaction> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      // Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
      if (!UUID.test(id)) throw notFound(NO_TRANSACTION);
      const locked = await lockTransaction(tx, userId, id);
      if (!locked) throw notFound(NO_TRANSACTION);
      const fields = await checkedFields(tx, userId, body, now);
      if (locked.version !== body.version) throw conflict(STALE_TRANSACTION);
      return transactionView(await updateTransaction(tx, userId, locked.id, fields, now));
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw notFound(NO_TRANSACTION);
    if (!(await deleteTransaction(this.#db, userId, id))) throw notFound(NO_TRANSACTION);
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
    const balance = await walletBalance(this.#db, userId);
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
}

/**
 * The row's fields from the form, each checked, all bad ones named at once: a day at most one ahead
 * of New York's today (as the ledgers take them: a user east of it is on tomorrow), and a category of
 * the budget of the transaction's month (stored as the budget spells it) or Uncategorized.
 */
async function checkedFields(tx: Db, userId: string, body: TransactionInput, now: Date): Promise<TransactionFields> {
  const errors: FieldErrors = [];
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
  return {
    date: body.date,
    payee: body.payee,
    amountCents: dollarsToCents(body.amount),
    category: category ?? UNCATEGORIZED,
    note: body.note || null,
  };
}

export function transactionView(row: WalletTransactionRow): WalletTransaction {
  return {
    id: row.id,
    date: row.date,
    payee: row.payee,
    amount: centsToDollars(row.amountCents),
    category: row.category,
    note: row.note,
    import_id: row.importId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}
