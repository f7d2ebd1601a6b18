import {
  payeeName,
  SPLIT,
  SPLITS_MAX,
  SPLITS_MIN,
  splitsProblem,
  UNCATEGORIZED,
  type WalletSummary,
  type WalletTag,
  type WalletTransaction,
  type walletMakeTransferBody,
  type walletPairBody,
  type walletSummaryQuery,
  type walletTransactionBody,
  type walletTransactionsQuery,
  type walletTransactionUpdateBody,
  type walletTransferBody,
  type walletTransferUpdateBody,
} from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { firstDayOf, monthLabel, monthOf, nextMonth } from '@helo/finance/calendar';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { runRules } from '@helo/finance/rules';
import { spendingByCategory } from '@helo/finance/spending';
import { splitDifference } from '@helo/finance/split';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { laterThanTodayMessage } from '../../lib/day-rules.ts';
import { decodeEntryCursor, encodeEntryCursor } from '../../lib/entry-cursor.ts';
import { describeFieldError, type FieldErrors } from '../../lib/field-errors.ts';
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error.ts';
import { afterMoneyChange } from '../../lib/money-changed.ts';
import { productMonth } from '../../lib/product-day.ts';
import { isUuid } from '../../lib/uuid.ts';
import { isOwnKind, ownAccountOrFieldError, walletAccountOf } from '../accounts/index.ts';
import { findBudgetByMonth } from '../budgets/index.ts';
import {
  accountsOf,
  bankIdsIn,
  correct,
  countLive,
  findLink,
  groupJournals,
  type JournalInput,
  type LedgerAccount,
  type LedgerLink,
  liveJournal,
  liveJournals,
  liveLinkOf,
  liveLinksPage,
  type PostedJournal,
  pairedJournalIds,
  post,
  reverse,
  unlink,
  unlinkBack,
} from '../ledger/index.ts';
import { lockNestAccount, NEST_DEPOSIT_KIND, NOT_ACTIVE, nestWalletBalance } from '../nest/index.ts';
import { matchFreshTransactions } from '../recurring/index.ts';
import { LOAN_PAYMENT, LoanPaymentRecords } from '../user-debts/index.ts';
import { flagsFor, type Listed } from './duplicates/duplicates.ts';
import { userRules } from './rules/rule-form.ts';
import { categoriesOf, OutsideAccounts, openOwnAccounts, ruledJournal } from './rules/rule-journals.ts';
import { suggestionsFor } from './suggestions/category-suggestions.ts';
import { taggedGroupsSql } from './tags.repository.ts';
import { setTags, tagsOf, userTags } from './tags.ts';
import { findMoves } from './transfers/found-moves.ts';
import { ordinaryLine, pairJournals } from './transfers/found-transfers.ts';
import { depositThroughNest, type NestDeposits } from './transfers/nest-paydays.ts';
import { accountsOfCategory, categoryFlows, categoryOf, outsideAccountFor, WALLET_KIND } from './wallet.repository.ts';
import { DEFAULT_WALLET_LIMITS, tooManyTransactions, type WalletLimits } from './wallet-limits.ts';

export const NO_TRANSACTION = 'Transaction not found';
export const STALE_TRANSACTION =
  'This transaction was changed in another tab or device. Reload to see the latest, then make your change again.';
export const NOT_A_BUDGET_CATEGORY = "Category must be one of this month's budget categories or Uncategorized";

export type TransactionInput = z.output<typeof walletTransactionBody>;
export type TransactionUpdateInput = z.output<typeof walletTransactionUpdateBody>;
export type TransactionsQuery = z.output<typeof walletTransactionsQuery>;
export type SummaryQuery = z.output<typeof walletSummaryQuery>;
export type TransferInput = z.output<typeof walletTransferBody>;
export type TransferUpdateInput = z.output<typeof walletTransferUpdateBody>;
export type MakeTransferInput = z.output<typeof walletMakeTransferBody>;
export type PairInput = z.output<typeof walletPairBody>;
export const NO_TRANSFER = 'Transfer not found';
export const IS_A_TRANSFER = 'This is a transfer between your accounts: edit it as a transfer';
export const NOT_LINKED = 'This transaction is not linked to a Money Nest deposit';
export const TRANSFER_DESCRIPTION = 'Transfer';
export const LOAN_PAYMENT_CATEGORY = 'Loan payment';
export const IS_A_LOAN_PAYMENT = 'This is a loan payment recorded in My Loans: change or undo it there';
export const NOT_FOUND_IN_A_ROW = 'This loan payment was recorded in My Loans, not found in a bank row: undo it there';
export const NOT_PAIRED = 'This transfer was not paired from two transactions: edit or delete it instead';
export const PAIRED_TRANSFER =
  "This transfer was paired from two of your accounts' transactions: unpair it first to change it";
export const NOT_A_PAIR = 'Choose a transaction of the opposite amount in another of your accounts';

export interface TransactionsPage {
  data: WalletTransaction[];
  next_cursor: string | null;
}

/** One category's share of a transaction: the whole of it, or a part of a split. */
interface CategoryPart {
  category: string;
  amountCents: Cents;
}

/**
 * What a transaction's form says, checked: the journal's fields and its lines (the account's, against
 * one per category: a split has several, equal categories added together).
 */
interface CheckedTransaction {
  account: LedgerAccount;
  date: string;
  payee: string;
  amountCents: Cents;
  parts: CategoryPart[];
  note: string | null;
}

/**
 * A change made without a form (rules, bulk edits): only what is given changes; the date, amount,
 * note, bank id and the bank's description stay. `category` files the whole transaction under one
 * category (a split one is no longer split); `splits` (in cents, signed like the amount, adding up to
 * it) splits it; neither keeps its categories as they are. `accountId` moves it to another account.
 */
export interface TransactionPatch {
  category?: string;
  payee?: string;
  splits?: readonly { category: string; amountCents: number }[];
  accountId?: string;
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

  readonly #nest: NestDeposits | undefined;

  constructor(db: Db, clock: Clock, limits: WalletLimits = DEFAULT_WALLET_LIMITS, nest?: NestDeposits) {
    this.#nest = nest;
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
    const search = query.q || undefined;
    const groupIn = query.tag === undefined ? undefined : taggedGroupsSql(userId, query.tag.toLowerCase());
    // Only transactions have categories and tags: links and loan payments are in no filter of either.
    const plainOnly = query.category !== undefined || query.tag !== undefined;
    const own = postingOn[0] ?? accounts.filter((a) => isOwnKind(a.kind)).map((a) => a.id);
    // The three pages are independent reads: on PostgreSQL they go at once (the list's p95 is their
    // round trips, docs/measurements.md); PGlite runs them in turn.
    const [page, links, loans] = await Promise.all([
      liveJournals(
        this.#db,
        userId,
        { kind: WALLET_KIND, from: query.from, to: query.to, search, postingOn, groupIn },
        query.limit,
        after,
      ),
      // Bank rows linked to Nest deposits are listed among them (they are no category's).
      !plainOnly
        ? liveLinksPage(
            this.#db,
            userId,
            { accountIds: postingOn[0], from: query.from, to: query.to, search, journalKind: NEST_DEPOSIT_KIND },
            query.limit + 1,
            after,
          )
        : [],
      // Loan payments recorded in My Loans from one of the user's accounts too (no category's either):
      // their own page, walking the live index for their kind from the same cursor, merged below.
      !plainOnly
        ? liveJournals(
            this.#db,
            userId,
            { kind: LOAN_PAYMENT, from: query.from, to: query.to, search, postingOn: [own] },
            query.limit,
            after,
          )
        : { journals: [], more: false },
    ]);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const [paired, tags, flags] = await Promise.all([
      pairedJournalIds(this.#db, userId, [
        ...page.journals.filter((j) => isTransfer(j, byId)).map((j) => j.id),
        ...loans.journals.map((j) => j.id),
      ]),
      tagsOf(
        this.#db,
        userId,
        page.journals.map((j) => j.groupId),
      ),
      flagsFor(this.#db, userId, listedOf(page.journals, byId)),
    ]);
    const rows = [
      ...page.journals.map((j) => ({
        key: { ...j, id: j.groupId },
        view: transactionView(j, byId, query.account_id, tags.get(j.groupId), paired.has(j.id)),
      })),
      ...links.map((l) => ({ key: l, view: linkView(l) })),
      ...loans.journals.map((j) => ({
        key: { ...j, id: j.groupId },
        view: loanPaymentView(j, byId, own, paired.has(j.id)),
      })),
    ].sort((a, b) => newestFirst(a.key, b.key));
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    const more = page.more || loans.more || rows.length > query.limit;
    // Uncategorized rows get the category their payee usually has (one read for the page).
    const suggested = await suggestionsFor(
      this.#db,
      userId,
      accounts,
      shown.flatMap((r) =>
        r.view.kind === 'transaction' && r.view.category === UNCATEGORIZED
          ? [{ id: r.view.id, payee: r.view.payee, bankCategory: r.view.bank_category, accountId: r.view.account_id }]
          : [],
      ),
    );
    return {
      data: shown.map((r) => {
        const flag = r.view.kind === 'transaction' ? flags.get(r.view.id) : undefined;
        const view = { ...r.view, suggested_category: suggested.get(r.view.id) ?? null };
        return flag ? { ...view, possible_duplicate: flag } : view;
      }),
      next_cursor: more && last ? encodeEntryCursor(last.key) : null,
    };
  }

  /** The user's tags, each with how many transactions carry it (GET /v1/wallet/tags). */
  tags(userId: string): Promise<WalletTag[]> {
    return userTags(this.#db, userId);
  }

  /**
   * Records money moved between two of the user's accounts: one journal, the amount out of one and
   * into the other, never income nor spending (409 before the Money Nest, or past the ceiling).
   */
  createTransfer(userId: string, body: TransferInput): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
        const checked = await checkedTransfer(tx, userId, body, now);
        if ((await countLive(tx, userId, WALLET_KIND)) >= this.#limits.maxTransactions) {
          throw conflict(tooManyTransactions(this.#limits.maxTransactions));
        }
        const posted = await post(tx, userId, {
          date: body.date,
          kind: WALLET_KIND,
          description: TRANSFER_DESCRIPTION,
          note: body.note || null,
          lines: transferLines(checked.from.id, checked.to.id, checked.amountCents),
          createdAt: now,
        });
        return transactionView(posted, await accountsById(tx, userId, posted));
      }),
    );
  }

  /** Saves a transfer from the version read: its journal corrected (a bank id stays with its account). */
  updateTransfer(userId: string, id: string, body: TransferUpdateInput): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        const live = await this.#lockTransfer(tx, userId, id);
        const checked = await checkedTransfer(tx, userId, body, now);
        if (live.version !== body.version) throw conflict(STALE_TRANSACTION);
        const { externalId } = live;
        // A transfer made of an imported row keeps the row's bank id in the row's account, when it is one of the two.
        const banked = externalId
          ? live.lines.find((l) => l.accountId === checked.from.id || l.accountId === checked.to.id)
          : undefined;
        const posted = await correct(
          tx,
          userId,
          live.id,
          {
            date: body.date,
            kind: WALLET_KIND,
            description: live.description,
            note: body.note || null,
            lines: transferLines(checked.from.id, checked.to.id, checked.amountCents),
            externalId: banked ? externalId : null,
            externalAccountId: banked ? banked.accountId : null,
          },
          { at: now },
        );
        return transactionView(posted, await accountsById(tx, userId, posted));
      }),
    );
  }

  /** Deletes a transfer: its journal reversed (both accounts get their money back). */
  deleteTransfer(userId: string, id: string): Promise<void> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const live = await this.#lockTransfer(tx, userId, id);
        await reverse(tx, userId, live.id, { at: this.#clock.now() });
      }),
    );
  }

  /**
   * Turns a transaction into a transfer between its account and `account_id`: the journal corrected,
   * its line on its account kept (amount, date, payee, note and bank id), the other line moved from
   * income or spending to that account.
   */
  makeTransfer(userId: string, id: string, body: MakeTransferInput): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        const live = await lockLiveTransaction(tx, userId, id, { transfers: true });
        const byId = await accountsById(tx, userId, live);
        if (isTransfer(live, byId)) throw conflict('This transaction is a transfer already');
        const own = ownLine(live, byId);
        if (!own) throw new Error('a transaction without its account');
        const other = await ownAccountOrFieldError(tx, userId, body.account_id, 'account_id');
        if (other.id === own.accountId) {
          throw invalidField('account_id', 'Choose another account than the one the transaction is in');
        }
        if (live.version !== body.version) throw conflict(STALE_TRANSACTION);
        const posted = await correct(
          tx,
          userId,
          live.id,
          {
            date: live.date,
            kind: WALLET_KIND,
            description: live.description,
            note: live.note,
            lines: [own, { accountId: other.id, amountCents: -own.amountCents as Cents }],
            externalId: live.externalId,
            externalAccountId: live.externalId ? own.accountId : null,
          },
          { at: now },
        );
        return transactionView(posted, await accountsById(tx, userId, posted));
      }),
    );
  }

  /**
   * Unlinks a bank row from the Nest deposit it was recognised as: the row becomes an ordinary
   * transaction of its account (money in: Uncategorized income), under the same id, with its bank
   * id; the deposit stays. A second unlink is a 409; an id that is no row of the user's a 404.
   */
  unlink(userId: string, id: string): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSACTION);
        const done = await unlink(tx, userId, id, async (link) => {
          const outside = await outsideAccountFor(tx, userId, UNCATEGORIZED, link.amountCents);
          return {
            kind: WALLET_KIND,
            lines: [
              { accountId: link.accountId, amountCents: link.amountCents },
              { accountId: outside.id, amountCents: -link.amountCents as Cents },
            ],
          };
        });
        if (!done) {
          if ((await findLink(tx, userId, id)) || (await liveJournal(tx, userId, WALLET_KIND, id))) {
            throw conflict(NOT_LINKED);
          }
          throw notFound(NO_TRANSACTION);
        }
        return transactionView(done.posted, await accountsById(tx, userId, done.posted));
      }),
    );
  }

  /** Adds a transaction (409 before the Money Nest is active, and past the ceiling on transactions). */
  create(userId: string, body: TransactionInput): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        if (!(await lockNestAccount(tx, userId))) throw conflict(NOT_ACTIVE);
        const checked = await checkedFields(tx, userId, body, undefined, now);
        if ((await countLive(tx, userId, WALLET_KIND)) >= this.#limits.maxTransactions) {
          throw conflict(tooManyTransactions(this.#limits.maxTransactions));
        }
        // No category nor split given: the user's rules may file it (decisions.md "Rules: order and what wins").
        const ruled =
          body.category === undefined && !body.splits ? await ruledJournalOf(tx, userId, checked) : undefined;
        const journal = ruled?.journal ?? (await journalOf(tx, userId, checked));
        const posted = await post(tx, userId, { ...journal, createdAt: now });
        const given = [...(body.tags ?? []), ...(ruled?.tags ?? [])];
        if (given.length > 0) await setTags(tx, userId, posted.groupId, uniqueTags(given), now);
        // The other side of a transfer already in another account, or a loan's payment: recorded as such.
        const moves = await findMoves(tx, userId, { groupIds: [posted.groupId] }, now);
        // A bill or a paycheck of a recurring series: matched to its due date (a new price noticed).
        const matched = await matchFreshTransactions(tx, userId, { groupIds: [posted.groupId] }, now);
        // A paycheck the user sends through the Money Nest: the Nest records and splits it.
        const [payday] = await depositThroughNest(tx, userId, this.#nest, matched, now);
        const kept = payday ? await liveLinkOf(tx, userId, payday.deposit.id) : undefined;
        if (kept) return linkView(kept);
        const [found] = moves.transfers;
        if (found) {
          return transactionView(
            found.transfer,
            await accountsById(tx, userId, found.transfer),
            checked.account.id,
            [],
            true,
          );
        }
        const [loan] = moves.loanPayments;
        if (loan)
          return loanPaymentView(loan.payment, await accountsById(tx, userId, loan.payment), [checked.account.id]);
        const byId = await accountsById(tx, userId, posted);
        // A purchase typed after its bank row came in is flagged at once (the engine, as the list).
        const flag = (await flagsFor(tx, userId, listedOf([posted], byId))).get(posted.groupId);
        const tags = (await tagsOf(tx, userId, [posted.groupId])).get(posted.groupId);
        return { ...transactionView(posted, byId, undefined, tags), possible_duplicate: flag ?? null };
      }),
    );
  }

  /**
   * Saves the edit form from the version the client read: a bad field is named first (a reload would
   * not make it right), then a stale version is a 409. The journal is corrected: reversed and posted
   * again under its group, as one change. Without `account_id` it stays in its account.
   */
  update(userId: string, id: string, body: TransactionUpdateInput): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        const live = await lockLiveTransaction(tx, userId, id);
        const checked = await checkedFields(tx, userId, body, live, now);
        if (live.version !== body.version) throw conflict(STALE_TRANSACTION);
        const posted = await correctTransaction(tx, userId, live, checked, now);
        // Tags absent leave them as they are (a client that knows nothing of tags keeps them).
        if (body.tags) await setTags(tx, userId, posted.groupId, body.tags, now);
        return viewWithTags(tx, userId, posted);
      }),
    );
  }

  /**
   * Deletes the transaction: its journal is reversed (dated like it, so its month nets out). Its tags
   * stay with its group, in no list or count while it has no live journal (an undo brings them back).
   */
  delete(userId: string, id: string): Promise<void> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const live = await lockLiveTransaction(tx, userId, id, { transfers: true });
        await reverse(tx, userId, live.id, { at: this.#clock.now() });
      }),
    );
  }

  /**
   * The Wallet's balance and a month's spending per category (this month in New York when none is
   * given): the budget's categories with their planned amounts, then Uncategorized, then names the
   * budget no longer has (`spendingByCategory`). Before activation the balance is $0.
   */
  async summary(userId: string, query: SummaryQuery): Promise<WalletSummary> {
    const month = query.month ?? productMonth(this.#clock.now());
    const first = firstDayOf(month);
    const next = nextMonth(month);
    const balance = await nestWalletBalance(this.#db, userId);
    const flows = await categoryFlows(this.#db, userId, first, firstDayOf(next));
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

  /** The transfer's live journal, locked, as lockLiveTransaction; a transaction that is no transfer is the same 404. */
  async #lockTransfer(tx: Db, userId: string, id: string): Promise<PostedJournal> {
    if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSFER);
    const live = await liveJournal(tx, userId, WALLET_KIND, id, { lock: true });
    if (!live || !isTransfer(live, await accountsById(tx, userId, live))) throw notFound(NO_TRANSFER);
    if ((await liveLinkOf(tx, userId, live.id))?.replacedGroupId) throw conflict(PAIRED_TRANSFER);
    return live;
  }

  /**
   * Pairs two transactions by hand (`POST /transactions/{id}/pair`): ordinary transactions of opposite
   * amounts in two of the user's accounts become one transfer, as a found pair does (any days apart:
   * the user knows). The answer is the transfer, seen from `id`'s account.
   */
  pair(userId: string, id: string, body: PairInput): Promise<WalletTransaction> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        const live = await lockLiveTransaction(tx, userId, id, { transfers: true });
        const byId = await accountsById(tx, userId, live);
        const mine = ordinaryLine(live, byId);
        if (!mine) throw conflict('This transaction is a transfer already');
        const other =
          isUuid(body.other_id) && body.other_id !== live.groupId
            ? await liveJournal(tx, userId, WALLET_KIND, body.other_id, { lock: true })
            : undefined;
        if (!other) throw invalidField('other_id', 'Choose another of your transactions');
        for (const [a, b] of await accountsById(tx, userId, other)) byId.set(a, b);
        const theirs = ordinaryLine(other, byId);
        if (!theirs || theirs.accountId === mine.accountId || theirs.amountCents !== -mine.amountCents) {
          throw invalidField('other_id', NOT_A_PAIR);
        }
        if (body.version !== undefined && live.version !== body.version) throw conflict(STALE_TRANSACTION);
        const [out, into] = mine.amountCents < 0 ? [live, other] : [other, live];
        const transfer = await pairJournals(tx, userId, out, into, now);
        if (!transfer) throw invalidField('other_id', NOT_A_PAIR);
        return transactionView(transfer, await accountsById(tx, userId, transfer), mine.accountId, [], true);
      }),
    );
  }

  /**
   * Unpairs a transfer found (or paired) from two transactions: the other side's transaction is
   * posted back as it was under its id (its link unlinked), then the transfer's journal is corrected
   * back to the transaction it was. Answers both, the transfer's first. A transfer recorded as one is
   * a 409 (nothing to unpair), an id of no transfer of the user's a 404.
   */
  unpair(userId: string, id: string): Promise<WalletTransaction[]> {
    return afterMoneyChange(
      userId,
      this.#db.transaction(async (tx) => {
        const now = this.#clock.now();
        if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSFER);
        const live = await liveJournal(tx, userId, WALLET_KIND, id, { lock: true });
        if (!live) return [await unpairLoanPayment(tx, userId, id, now)];
        if (!isTransfer(live, await accountsById(tx, userId, live))) throw notFound(NO_TRANSFER);
        const held = await liveLinkOf(tx, userId, live.id);
        const before = (await groupJournals(tx, userId, live.groupId)).filter((j) => j.version === live.version - 1)[0];
        if (!held?.replacedGroupId || !before) throw conflict(NOT_PAIRED);
        const back = await unlinkBack(tx, userId, held.id);
        if (!back) throw conflict(NOT_PAIRED);
        const mine = await correct(
          tx,
          userId,
          live.id,
          {
            date: before.date,
            kind: WALLET_KIND,
            description: before.description,
            note: before.note,
            lines: before.lines,
            externalId: before.externalId,
            externalAccountId: before.externalAccountId,
          },
          { at: now },
        );
        return [
          transactionView(mine, await accountsById(tx, userId, mine)),
          transactionView(back.posted, await accountsById(tx, userId, back.posted)),
        ];
      }),
    );
  }
}

/**
 * Unpairs a loan payment found in a bank row (issue 29 item 5): the row is posted back as the
 * transaction it was (its link unlinked), then My Loans undoes the payment (the loan owes again what it
 * lowered, its due date is owed again). Answers the row. A payment recorded in My Loans by hand is a
 * 409 (undone there); an id of neither a transfer nor a loan payment of the user's is a 404.
 */
async function unpairLoanPayment(tx: Db, userId: string, id: string, now: Date): Promise<WalletTransaction> {
  const payment = await liveJournal(tx, userId, LOAN_PAYMENT, id, { lock: true });
  if (!payment) throw notFound(NO_TRANSFER);
  const accounts = await accountsById(tx, userId, payment);
  const loanId = accounts.get(payment.externalAccountId ?? '')?.subjectId;
  const held = await liveLinkOf(tx, userId, payment.id);
  if (!loanId || !held?.replacedGroupId) throw conflict(NOT_FOUND_IN_A_ROW);
  const back = await unlinkBack(tx, userId, held.id);
  if (!back) throw conflict(NOT_FOUND_IN_A_ROW);
  await new LoanPaymentRecords(tx, { now: () => now }).undo(userId, loanId, payment.id);
  return transactionView(back.posted, await accountsById(tx, userId, back.posted));
}

/**
 * The transaction's live journal, locked, under the Nest's row (every wallet write takes it first, so
 * an edit that waited for another reads the journal that one left: a stale version, not a 404).
 * Someone else's id, or no id at all, is the same 404: nothing tells them it exists. A loan payment
 * listed under the id is a 409 (changed in My Loans), and so is a transfer unless `transfers`.
 */
async function lockLiveTransaction(
  tx: Db,
  userId: string,
  id: string,
  options: { transfers?: boolean } = {},
): Promise<PostedJournal> {
  if (!isUuid(id) || !(await lockNestAccount(tx, userId))) throw notFound(NO_TRANSACTION);
  const live = await liveJournal(tx, userId, WALLET_KIND, id, { lock: true });
  if (!live) {
    if (await isListedLoanPayment(tx, userId, id)) throw conflict(IS_A_LOAN_PAYMENT);
    throw notFound(NO_TRANSACTION);
  }
  if (!options.transfers && isTransfer(live, await accountsById(tx, userId, live))) throw conflict(IS_A_TRANSFER);
  return live;
}

/** A loan payment My Wallet lists under this id: live, with a line on one of the user's accounts. */
async function isListedLoanPayment(tx: Db, userId: string, id: string): Promise<boolean> {
  const payment = await liveJournal(tx, userId, LOAN_PAYMENT, id);
  if (!payment) return false;
  const byId = await accountsById(tx, userId, payment);
  return ownLine(payment, byId) !== undefined;
}

/**
 * The one way a transaction's journal is changed (the edit form, rules, bulk edits): corrected
 * (reversed and posted again under its group, as one change) with the checked fields; the bank id and
 * the bank's description stay with it. The bank id is unique per account, so moving it into an
 * account that holds the same bank transaction already is refused.
 */
async function correctTransaction(
  tx: Db,
  userId: string,
  live: PostedJournal,
  checked: CheckedTransaction,
  now: Date,
): Promise<PostedJournal> {
  const journal = await journalOf(tx, userId, checked);
  const { externalId } = live;
  const moved = ownLine(live, await accountsById(tx, userId, live))?.accountId !== checked.account.id;
  if (externalId && moved && (await bankIdsIn(tx, userId, checked.account.id, [externalId])).has(externalId)) {
    throw invalidField('account_id', `${checked.account.name} has this bank transaction already`);
  }
  return correct(
    tx,
    userId,
    live.id,
    { ...journal, externalId, externalAccountId: externalId ? checked.account.id : null },
    { at: now },
  );
}

/**
 * Changes a transaction without a form (rules, bulk edits; see TransactionPatch), in the caller's
 * transaction: its journal corrected as the edit form's save does (the same code: correctTransaction),
 * keeping its date, amount, note, bank id and the bank's description. Refused as PUT refuses: another
 * user's or no transaction (404), a loan payment or a transfer (409), a bank row linked to a Nest
 * deposit (404: it is no journal); a category outside the month's budget, or splits that do not add
 * up, are 400s naming `category` or `splits`. Answers the new journal's id (the transaction's id, its
 * group, is unchanged).
 */
export async function editTransaction(
  tx: Db,
  userId: string,
  groupId: string,
  patch: TransactionPatch,
  now: Date,
): Promise<string> {
  const live = await lockLiveTransaction(tx, userId, groupId);
  const checked = await patchedFields(tx, userId, live, patch);
  return (await correctTransaction(tx, userId, live, checked, now)).id;
}

/** The transaction as a response shows it, with its tags. */
export async function viewWithTags(tx: Db, userId: string, posted: PostedJournal): Promise<WalletTransaction> {
  const tags = (await tagsOf(tx, userId, [posted.groupId])).get(posted.groupId);
  return transactionView(posted, await accountsById(tx, userId, posted), undefined, tags);
}

/** A transfer's two accounts, both the user's open ones and not the same, and its amount; every bad field named. */
async function checkedTransfer(
  tx: Db,
  userId: string,
  body: TransferInput,
  now: Date,
): Promise<{ from: LedgerAccount; to: LedgerAccount; amountCents: Cents }> {
  const errors: FieldErrors = [];
  const own = async (id: string, path: string) => {
    try {
      return await ownAccountOrFieldError(tx, userId, id, path);
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      errors.push(...e.errors);
      return undefined;
    }
  };
  const from = await own(body.from_account_id, 'from_account_id');
  const to = await own(body.to_account_id, 'to_account_id');
  if (from && to && from.id === to.id) {
    errors.push({ path: 'to_account_id', message: 'Choose another account than the one the money leaves' });
  }
  const lateDay = laterThanTodayMessage('Date', body.date, now);
  if (lateDay) errors.push({ path: 'date', message: lateDay });
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
  if (!from || !to) throw new Error('a transfer without its accounts');
  return { from, to, amountCents: dollarsToCents(body.amount) };
}

const transferLines = (fromId: string, toId: string, amountCents: Cents) => [
  { accountId: fromId, amountCents: -amountCents as Cents },
  { accountId: toId, amountCents },
];

/** A journal between two of the user's own accounts (no income, no spending). */
const isTransfer = (journal: PostedJournal, accounts: ReadonlyMap<string, LedgerAccount>) =>
  journal.lines.length === 2 && journal.lines.every((l) => isOwnKind(accounts.get(l.accountId)?.kind));

/** Transactions (not transfers) as the duplicate engine sees them: their line on their account. */
function listedOf(journals: readonly PostedJournal[], accounts: ReadonlyMap<string, LedgerAccount>): Listed[] {
  return journals.flatMap((j) => {
    const own = ownLine(j, accounts);
    if (!own || isTransfer(j, accounts)) return [];
    return [
      {
        id: j.groupId,
        accountId: own.accountId,
        date: j.date,
        amountCents: own.amountCents,
        payee: j.description,
        bankPayee: j.originalDescription,
        bankId: j.externalId,
        batchId: j.batchId,
      },
    ];
  });
}

/** The lists' order, newest first: date, time entered, then id. */
function newestFirst(
  a: { date: string; createdAt: Date; id: string },
  b: { date: string; createdAt: Date; id: string },
) {
  return (
    b.date.localeCompare(a.date) ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)
  );
}

/** A bank row linked to the Nest deposit it is: shown in its account, adding nothing. */
export function linkView(link: LedgerLink): WalletTransaction {
  return {
    id: link.id,
    account_id: link.accountId,
    date: link.date,
    payee: link.description,
    amount: centsToDollars(link.amountCents),
    original_payee: null,
    bank_category: null,
    tags: [],
    splits: null,
    category: UNCATEGORIZED,
    note: link.note,
    import_id: link.batchId,
    version: 1,
    created_at: link.createdAt.toISOString(),
    kind: 'nest_deposit',
    transfer: null,
    nest_deposit_id: link.journalId,
    possible_duplicate: null,
    suggested_category: null,
  };
}

/**
 * A loan payment recorded in My Loans, as the list shows it in the account it left (`ownIds`: the
 * account filtered by, else the user's accounts): the loan's type, what left the account, read-only.
 */
export function loanPaymentView(
  journal: PostedJournal,
  accounts: ReadonlyMap<string, LedgerAccount>,
  ownIds: readonly string[],
  paired = false,
): WalletTransaction {
  const line =
    journal.lines.find((l) => ownIds.includes(l.accountId)) ??
    journal.lines.find((l) => isOwnKind(accounts.get(l.accountId)?.kind));
  return {
    id: journal.groupId,
    account_id: line?.accountId ?? '',
    date: journal.date,
    payee: journal.description,
    amount: centsToDollars(line?.amountCents ?? (0 as Cents)),
    original_payee: null,
    bank_category: null,
    tags: [],
    splits: null,
    category: LOAN_PAYMENT_CATEGORY,
    note: journal.note,
    import_id: journal.batchId,
    version: journal.version,
    created_at: journal.createdAt.toISOString(),
    kind: 'loan_payment',
    // From the account to the loan's; `paired`: found in a bank row (unpairing puts the row back).
    transfer: { from_account_id: line?.accountId ?? '', to_account_id: journal.externalAccountId ?? '', paired },
    nest_deposit_id: null,
    possible_duplicate: null,
    suggested_category: null,
  };
}

/** A category named as the month's budget spells it, or Uncategorized; undefined when it is neither. */
function budgetCategory(budget: { categories: readonly { name: string }[] } | undefined, sent: string) {
  const wanted = sent.toLowerCase();
  const inBudget = budget?.categories.find((c) => c.name.toLowerCase() === wanted);
  return inBudget?.name ?? (wanted === UNCATEGORIZED.toLowerCase() ? UNCATEGORIZED : undefined);
}

const categoryMessage = (budget: unknown, month: string) =>
  budget ? NOT_A_BUDGET_CATEGORY : `${monthLabel(month)} has no budget: the category can only be Uncategorized`;

/** Parts of one category added together, in the order each category first comes. */
function grouped(parts: readonly CategoryPart[]): CategoryPart[] {
  const byName = new Map<string, CategoryPart>();
  for (const p of parts) {
    const had = byName.get(p.category);
    byName.set(p.category, { category: p.category, amountCents: ((had?.amountCents ?? 0) + p.amountCents) as Cents });
  }
  return [...byName.values()];
}

/**
 * The form's fields, each checked, all bad ones named at once: an account of the user's (the Wallet
 * when none is given on an add; its own account on a save), a day at most one ahead of New York's
 * today (as the ledgers take them: a user east of it is on tomorrow), and a category of the budget of
 * the transaction's month (stored as the budget spells it) or Uncategorized; with `splits`, each
 * part's category so (the contract checked that the parts add up), and `category` is not read.
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
  const amountCents = dollarsToCents(body.amount);
  const sent = body.splits
    ? body.splits.map((p, i) => ({ name: p.category, cents: dollarsToCents(p.amount), path: `splits.${i}.category` }))
    : [{ name: body.category ?? UNCATEGORIZED, cents: amountCents, path: 'category' }];
  const parts: CategoryPart[] = [];
  for (const p of sent) {
    const category = budgetCategory(budget, p.name);
    if (category === undefined) errors.push({ path: p.path, message: categoryMessage(budget, month) });
    else parts.push({ category, amountCents: p.cents });
  }
  const [first] = errors;
  if (first) throw new HttpError(400, describeFieldError(first), errors);
  if (!account) throw new Error('a transaction without its account');
  return {
    account,
    date: body.date,
    payee: body.payee,
    amountCents,
    parts: grouped(parts),
    note: body.note || null,
  };
}

/**
 * A live transaction's fields with a patch applied (editTransaction): what the patch names is checked
 * as the form's fields are; the categories it leaves alone are kept as they are, even where the
 * month's budget no longer has them (renaming a payee does not re-file it).
 */
async function patchedFields(
  tx: Db,
  userId: string,
  live: PostedJournal,
  patch: TransactionPatch,
): Promise<CheckedTransaction> {
  const byId = await accountsById(tx, userId, live);
  const own = ownLine(live, byId);
  if (!own) throw new Error('a transaction without its account');
  const account =
    patch.accountId === undefined
      ? byId.get(own.accountId)
      : await ownAccountOrFieldError(tx, userId, patch.accountId, 'account_id');
  if (!account) throw new Error('a transaction without its account');
  const month = monthOf(live.date);
  const budget =
    patch.category !== undefined || patch.splits !== undefined ? await findBudgetByMonth(tx, userId, month) : undefined;
  let parts: CategoryPart[];
  if (patch.splits !== undefined) {
    if (patch.splits.length < SPLITS_MIN || patch.splits.length > SPLITS_MAX) {
      throw invalidField('splits', `A split has ${SPLITS_MIN} to ${SPLITS_MAX} parts`);
    }
    const wrong = patch.splits.findIndex(
      (p) => !Number.isSafeInteger(p.amountCents) || Math.sign(p.amountCents) !== Math.sign(own.amountCents),
    );
    if (wrong >= 0) throw invalidField(`splits.${wrong}.amount`, 'Each part is signed like the amount, and not $0');
    const diff = splitDifference(
      own.amountCents,
      patch.splits.map((p) => p.amountCents),
    );
    if (diff !== 0) {
      const problem = splitsProblem(
        centsToDollars(own.amountCents),
        patch.splits.map((p) => ({ amount: centsToDollars(p.amountCents as Cents) })),
      );
      throw invalidField('splits', problem?.message ?? 'The parts do not add up to the amount');
    }
    parts = patch.splits.map((p, i) => {
      const category = budgetCategory(budget, p.category);
      if (category === undefined) throw invalidField(`splits.${i}.category`, categoryMessage(budget, month));
      return { category, amountCents: p.amountCents as Cents };
    });
  } else if (patch.category !== undefined) {
    const category = budgetCategory(budget, patch.category);
    if (category === undefined) throw invalidField('category', categoryMessage(budget, month));
    parts = [{ category, amountCents: own.amountCents }];
  } else {
    parts = live.lines
      .filter((l) => l !== own)
      .map((l) => ({ category: categoryOf(byId.get(l.accountId)), amountCents: -l.amountCents as Cents }));
  }
  let payee = live.description;
  if (patch.payee !== undefined) {
    const named = payeeName.safeParse(patch.payee);
    if (!named.success) throw invalidField('payee', named.error.issues[0]?.message ?? 'Check the payee');
    payee = named.data;
  }
  return {
    account,
    date: live.date,
    payee,
    amountCents: own.amountCents,
    parts: grouped(parts),
    note: live.note,
  };
}

/** A hand entry's journal as the user's rules make it (payee, category, split or transfer). */
async function ruledJournalOf(tx: Db, userId: string, t: CheckedTransaction) {
  const base = await journalOf(tx, userId, t);
  const rules = await userRules(tx, userId);
  if (rules.rules.length === 0) return { journal: base, tags: [] };
  const outcome = runRules(rules, {
    payee: t.payee,
    originalDescription: t.payee,
    amountCents: t.amountCents,
    accountId: t.account.id,
  });
  if (outcome.ruleIds.length === 0) return { journal: base, tags: [] };
  const open = await openOwnAccounts(tx, userId);
  const outside = new OutsideAccounts(tx, userId);
  for (const category of categoriesOf(outcome, t.account.id, open)) await outside.ensure(category, t.amountCents);
  const built = ruledJournal(
    outcome,
    { accountId: t.account.id, amountCents: t.amountCents, payee: t.payee },
    base.lines.slice(1),
    outside,
    open,
  );
  return { journal: { ...base, description: built.description, lines: built.lines }, tags: outcome.tags };
}

/** Tags once each, any case (the first spelling kept). */
const uniqueTags = (tags: readonly string[]) =>
  tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i);

/**
 * The journal of a checked transaction: the account's line ± the amount, against each category's
 * outside account (one for most; one per category of a split).
 */
async function journalOf(tx: Db, userId: string, t: CheckedTransaction) {
  const lines = [{ accountId: t.account.id, amountCents: t.amountCents }];
  for (const part of t.parts) {
    const outside = await outsideAccountFor(tx, userId, part.category, part.amountCents);
    lines.push({ accountId: outside.id, amountCents: -part.amountCents as Cents });
  }
  return { date: t.date, kind: WALLET_KIND, description: t.payee, note: t.note, lines };
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

/**
 * A transaction as the list shows it. A transfer is seen from `seenFrom` (the account filtered by)
 * when it is one of its two, else from the account the money left.
 */
export function transactionView(
  journal: PostedJournal,
  accounts: ReadonlyMap<string, LedgerAccount>,
  seenFrom?: string,
  tags: readonly string[] = [],
  paired = false,
): WalletTransaction {
  const original = journal.originalDescription;
  const common = {
    id: journal.groupId,
    date: journal.date,
    payee: journal.description,
    original_payee: original !== null && original !== journal.description ? original : null,
    bank_category: journal.bankCategory,
    tags: [...tags],
    splits: null,
    note: journal.note,
    import_id: journal.batchId,
    version: journal.version,
    created_at: journal.createdAt.toISOString(),
    nest_deposit_id: null,
    possible_duplicate: null,
    suggested_category: null,
  };
  if (isTransfer(journal, accounts)) {
    const from = journal.lines.find((l) => l.amountCents < 0);
    const to = journal.lines.find((l) => l.amountCents > 0);
    const seen = journal.lines.find((l) => l.accountId === seenFrom) ?? from;
    return {
      ...common,
      account_id: seen?.accountId ?? '',
      amount: centsToDollars(seen?.amountCents ?? (0 as Cents)),
      category: TRANSFER_DESCRIPTION,
      kind: 'transfer',
      transfer: { from_account_id: from?.accountId ?? '', to_account_id: to?.accountId ?? '', paired },
    };
  }
  const own = ownLine(journal, accounts);
  const outside = journal.lines.filter((l) => l !== own);
  const [only] = outside;
  return {
    ...common,
    account_id: own?.accountId ?? '',
    amount: centsToDollars(own?.amountCents ?? (0 as Cents)),
    category: outside.length > 1 ? SPLIT : categoryOf(only ? accounts.get(only.accountId) : undefined),
    splits:
      outside.length > 1
        ? outside.map((l) => ({
            category: categoryOf(accounts.get(l.accountId)),
            amount: centsToDollars(-l.amountCents as Cents),
          }))
        : null,
    kind: 'transaction',
    transfer: null,
  };
}

/** Why a transaction cannot take a change of many at once: it is skipped, not refused. */
export type CorrectionSkip = 'transfer' | 'bank_id_taken';

/**
 * A bulk edit's change of one transaction (issue 29 item 6), built as editTransaction()'s patch of
 * `category` or `accountId` builds it, but not posted: the bulk edit posts hundreds at once through
 * the ledger's correctMany() (one correct() each took 16 s for 500). Only the category (a split one
 * is no longer split) or the account changes; the date, payee, note, amount, bank id and the bank's
 * description stay. `change` is the category's outside account for the transaction's amount
 * (`outsideAccountFor`, the name as the month's budget spells it: checked by the caller), or the
 * account to move it to with the bank ids that account holds (a bank id is unique per account: one
 * there already is skipped, as PUT refuses it). `accounts` holds at least the journal's accounts. A
 * transfer has no category and two accounts: skipped.
 */
export async function correctedTransaction(
  live: PostedJournal,
  change:
    | { outsideFor: (amountCents: Cents) => Promise<LedgerAccount> }
    | { account: LedgerAccount; bankIdsThere: Set<string> },
  accounts: ReadonlyMap<string, LedgerAccount>,
): Promise<Omit<JournalInput, 'createdAt'> | 'unchanged' | CorrectionSkip> {
  if (isTransfer(live, accounts)) return 'transfer';
  const own = ownLine(live, accounts);
  if (!own) throw new Error('a transaction without its account');
  let lines = live.lines;
  let accountId = own.accountId;
  if ('outsideFor' in change) {
    const others = live.lines.filter((l) => l !== own);
    const outside = await change.outsideFor(own.amountCents);
    if (others.length === 1 && others[0]?.accountId === outside.id) return 'unchanged';
    lines = [own, { accountId: outside.id, amountCents: -own.amountCents as Cents }];
  } else {
    accountId = change.account.id;
    if (accountId === own.accountId) return 'unchanged';
    const { externalId } = live;
    if (externalId) {
      if (change.bankIdsThere.has(externalId)) return 'bank_id_taken';
      change.bankIdsThere.add(externalId);
    }
    lines = live.lines.map((l) => (l === own ? { accountId, amountCents: l.amountCents } : l));
  }
  return {
    date: live.date,
    kind: WALLET_KIND,
    description: live.description,
    note: live.note,
    lines,
    externalId: live.externalId,
    externalAccountId: live.externalId ? accountId : null,
  };
}
