import { createHash } from 'node:crypto';
import { ACCOUNT_KINDS } from '@helo/contract/accounts';
import {
  type acceptSuggestionBody,
  BILLS_DAYS_AHEAD,
  CALENDAR_DAYS_MAX,
  MAX_RECURRING,
  type Occurrence,
  type RecurringKind,
  type RecurringSeries,
  type RecurringSuggestion,
  type recurringBody,
  type recurringUpdateBody,
} from '@helo/contract/recurring';
import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import type { RecurringSeriesRow } from '@helo/db/schema';
import { addDays, daysBetween, longDayLabel } from '@helo/finance/calendar';
import { type Cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { type Cadence, nextOccurrence, occurrences, type Schedule } from '@helo/finance/recurring';
import {
  type FoundSeries,
  findSeries,
  type HistoryRow,
  type MatchableSeries,
  matchPayment,
  payeeKey,
  suggestedKind,
} from '@helo/finance/recurring-detect';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { isUuid } from '../../lib/uuid.ts';
import { accountsOf, freshOrdinaryRows, type LedgerAccount, ordinaryRowsBetween } from '../ledger/index.ts';
import { insertNotification } from '../notifications/index.ts';
import * as repo from './recurring.repository.ts';
import { WALLET_TRANSACTION } from './recurring.repository.ts';

export { WALLET_TRANSACTION };

/** How far back the history is read for found series, and at most how many rows of it. */
export const HISTORY_DAYS = 400;
export const HISTORY_ROWS = 5_000;

export const NO_SERIES = 'Recurring series not found';
export const NO_SUGGESTION = 'This suggestion is no longer offered. Reload to see the latest.';
export const STALE_SERIES =
  'This series was changed in another tab or device. Reload to see the latest, then make your change again.';

type SeriesInput = z.output<typeof recurringBody>;
type SeriesUpdateInput = z.output<typeof recurringUpdateBody>;
type AcceptInput = z.output<typeof acceptSuggestionBody>;

const OWN: ReadonlySet<string> = new Set(ACCOUNT_KINDS);
const isOwnOpen = (a: LedgerAccount) => OWN.has(a.kind) && a.closedAt === null;
const directionOf = (kind: RecurringKind): 'in' | 'out' => (kind === 'income' ? 'in' : 'out');

/** A found series' id: stable across reads, the same for the same account, direction and payee. */
export const suggestionId = (key: string) => `s_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

const scheduleOf = (s: RecurringSeriesRow): Schedule => ({ cadence: s.cadence, start: s.startDate, end: s.endDate });

async function ownAccounts(db: Db, userId: string): Promise<LedgerAccount[]> {
  return (await accountsOf(db, userId)).filter(isOwnOpen);
}

/** The user's recent history of My Wallet's ordinary transactions, as the finder reads it. */
async function history(db: Db, userId: string, today: string, own: readonly LedgerAccount[]): Promise<HistoryRow[]> {
  const rows = await ordinaryRowsBetween(
    db,
    userId,
    WALLET_TRANSACTION,
    own.map((a) => a.id),
    addDays(today, -HISTORY_DAYS),
    today,
    HISTORY_ROWS,
  );
  return rows.map((r) => ({
    id: r.groupId,
    accountId: r.accountId,
    date: r.date,
    amountCents: r.amountCents,
    payee: r.description,
    category: r.amountCents > 0 || r.category === UNCATEGORIZED ? null : r.category,
  }));
}

/** The series found in the history that are neither a series already nor dismissed. */
async function offered(db: Db, userId: string, today: string): Promise<(FoundSeries & { id: string })[]> {
  const own = await ownAccounts(db, userId);
  const [rows, series, dismissed] = await Promise.all([
    history(db, userId, today, own),
    repo.seriesOf(db, userId),
    repo.dismissedKeys(db, userId),
  ]);
  const covered = new Set(series.map((s) => `${s.accountId}|${directionOf(s.kind)}|${s.payeeKey}`));
  const accepted = new Set(series.flatMap((s) => (s.foundKey ? [s.foundKey] : [])));
  return findSeries(rows, today)
    .map((f) => ({ ...f, id: suggestionId(f.key) }))
    .filter((f) => !covered.has(f.key) && !dismissed.has(f.id) && !accepted.has(f.id));
}

function suggestionWire(f: FoundSeries & { id: string }): RecurringSuggestion {
  return {
    id: f.id,
    name: f.name,
    kind: suggestedKind(f),
    cadence: f.cadence as RecurringSuggestion['cadence'],
    amount: centsToDollars(f.amountCents),
    amount_varies: f.amountVaries,
    account_id: f.accountId,
    category: f.direction === 'in' ? null : f.category,
    occurrences: f.occurrences.map((o) => ({
      transaction_id: o.id,
      date: o.date,
      amount: centsToDollars(o.amountCents),
    })),
    next_date: f.nextDate,
    price_change: f.priceChange
      ? {
          date: f.priceChange.date,
          from: centsToDollars(f.priceChange.fromCents),
          to: centsToDollars(f.priceChange.toCents),
        }
      : null,
  };
}

async function seriesWire(db: Db, userId: string, rows: readonly RecurringSeriesRow[], today: string) {
  const payments = await repo.paymentsOf(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map(
    (s): RecurringSeries => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      cadence: s.cadence as RecurringSeries['cadence'],
      amount: centsToDollars(s.amountCents),
      amount_varies: s.amountVaries,
      account_id: s.accountId,
      to_account_id: s.toAccountId,
      category: s.category,
      start_date: s.startDate,
      end_date: s.endDate,
      through_nest: s.throughNest,
      record_for_me: s.recordForMe,
      next_date: nextOccurrence(scheduleOf(s), today),
      payments: payments
        .filter((p) => p.seriesId === s.id)
        .slice(0, 12)
        .map((p) => ({ transaction_id: p.groupId, date: p.date, amount: centsToDollars(p.amountCents) })),
      price_change:
        s.priceChangeDate && s.priceChangeFromCents !== null && s.priceChangeToCents !== null
          ? {
              date: s.priceChangeDate,
              from: centsToDollars(s.priceChangeFromCents),
              to: centsToDollars(s.priceChangeToCents),
            }
          : null,
      version: s.version,
      created_at: s.createdAt.toISOString(),
    }),
  );
}

/** A price change makes one notification per series, day and new price (decisions.md). */
async function notifyPriceChange(
  db: Db,
  userId: string,
  s: { id: string; name: string },
  change: { date: string; fromCents: number; toCents: number },
  now: Date,
): Promise<void> {
  await insertNotification(
    db,
    userId,
    {
      kind: 'recurring_price_change',
      title: `${s.name} changed its price`,
      message: `${s.name} went from ${formatCents(change.fromCents)} to ${formatCents(change.toCents)} on ${longDayLabel(change.date)}.`,
      dedupeKey: `recurring-price-change:${s.id}:${change.date}:${change.toCents}`,
    },
    now,
  );
}

/** The fields of a series, checked against the user's accounts and each other (400 naming the field, 404 for an account not theirs). */
async function checkedSeries(
  db: Db,
  userId: string,
  body: SeriesInput,
): Promise<Omit<repo.NewSeries, 'foundKey' | 'priceChangeDate' | 'priceChangeFromCents' | 'priceChangeToCents'>> {
  const amountCents = dollarsToCents(body.amount);
  if (amountCents <= 0) throw invalidField('amount', 'Amount must be more than $0');
  const own = await ownAccounts(db, userId);
  const account = isUuid(body.account_id) ? own.find((a) => a.id === body.account_id) : undefined;
  if (!account) throw invalidField('account_id', 'Choose one of your accounts');
  let toAccountId: string | null = null;
  if (body.kind === 'transfer') {
    if (body.to_account_id === null) throw invalidField('to_account_id', 'Choose the account the money goes to');
    const to = isUuid(body.to_account_id) ? own.find((a) => a.id === body.to_account_id) : undefined;
    if (!to) throw invalidField('to_account_id', 'Choose one of your accounts');
    if (to.id === account.id) throw invalidField('to_account_id', 'Choose another account than the one it comes from');
    toAccountId = to.id;
  } else if (body.to_account_id !== null) {
    throw invalidField('to_account_id', 'Only a transfer goes to another account');
  }
  if (body.category !== null && (body.kind === 'income' || body.kind === 'transfer')) {
    throw invalidField('category', 'Income and transfers have no category');
  }
  if (body.end_date !== null && body.end_date < body.start_date) {
    throw invalidField('end_date', 'End date must be on or after the start date');
  }
  if (body.through_nest && body.kind !== 'income') {
    throw invalidField('through_nest', 'Only income goes through the Money Nest');
  }
  if (body.record_for_me && !body.through_nest) {
    throw invalidField('record_for_me', 'Record it for me is for income through the Money Nest');
  }
  return {
    name: body.name,
    kind: body.kind,
    cadence: body.cadence as Cadence,
    amountCents,
    amountVaries: body.amount_varies,
    accountId: account.id,
    toAccountId,
    category: body.category,
    startDate: body.start_date,
    endDate: body.end_date,
    throughNest: body.through_nest,
    recordForMe: body.record_for_me,
    payeeKey: payeeKey(body.name),
  };
}

/** The history's transactions a series would have matched, recorded as its payments (a new series, an accepted one). */
async function matchHistory(db: Db, userId: string, s: RecurringSeriesRow, today: string, now: Date): Promise<void> {
  const own = await ownAccounts(db, userId);
  const rows = (await history(db, userId, today, own)).filter((r) => r.date >= addDays(s.startDate, -7)).reverse();
  const taken = await repo.matchedGroups(
    db,
    userId,
    rows.map((r) => r.id),
  );
  await repo.forgetGonePayments(db, userId, addDays(s.startDate, -7), today);
  const paid = new Set((await repo.paymentsOf(db, userId, [s.id])).map((p) => p.dueDate));
  const matchable: MatchableSeries = { ...matchableOf(s), paid };
  const found: Parameters<typeof repo.insertPayments>[2][number][] = [];
  for (const r of rows) {
    if (taken.has(r.id)) continue;
    const m = matchPayment([matchable], r);
    if (!m) continue;
    paid.add(m.dueDate);
    found.push({
      seriesId: s.id,
      dueDate: m.dueDate,
      groupId: r.id,
      date: r.date,
      amountCents: Math.abs(r.amountCents),
    });
  }
  await repo.insertPayments(db, userId, found, now);
}

const matchableOf = (s: RecurringSeriesRow): Omit<MatchableSeries, 'paid'> => ({
  id: s.id,
  accountId: s.accountId,
  payeeKey: s.payeeKey,
  direction: directionOf(s.kind),
  schedule: scheduleOf(s),
  amountCents: s.amountCents,
  amountVaries: s.amountVaries,
});

export interface ExpectedOccurrence {
  seriesId: string;
  name: string;
  kind: RecurringKind;
  date: string;
  accountId: string;
  toAccountId: string | null;
  /** Signed as seen from accountId: income positive, the rest negative. */
  amountCents: number;
  category: string | null;
  throughNest: boolean;
  paid: boolean;
  /** The transaction (group id) matched to this due date, when paid. */
  transactionId: string | null;
}

/** Every due date of the user's series in [from, to], by date then name (the calendar, the forecast). */
export async function expectedOccurrences(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<ExpectedOccurrence[]> {
  const [series, payments] = await Promise.all([repo.seriesOf(db, userId), repo.paymentsBetween(db, userId, from, to)]);
  const paid = new Map(payments.map((p) => [`${p.seriesId}|${p.dueDate}`, p.groupId]));
  return series
    .flatMap((s) =>
      occurrences(scheduleOf(s), from, to).map((date): ExpectedOccurrence => {
        const groupId = paid.get(`${s.id}|${date}`) ?? null;
        return {
          seriesId: s.id,
          name: s.name,
          kind: s.kind,
          date,
          accountId: s.accountId,
          toAccountId: s.toAccountId,
          amountCents: s.kind === 'income' ? s.amountCents : -s.amountCents,
          category: s.category,
          throughNest: s.throughNest,
          paid: groupId !== null,
          transactionId: groupId,
        };
      }),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name)));
}

/** The due dates in [from, to] of the user's income that goes through the Money Nest. */
export async function nestIncome(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<
  { seriesId: string; name: string; date: string; amountCents: number; recordForMe: boolean; accountId: string }[]
> {
  const series = (await repo.seriesOf(db, userId)).filter((s) => s.kind === 'income' && s.throughNest);
  return series
    .flatMap((s) =>
      occurrences(scheduleOf(s), from, to).map((date) => ({
        seriesId: s.id,
        name: s.name,
        date,
        amountCents: s.amountCents,
        recordForMe: s.recordForMe,
        accountId: s.accountId,
      })),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Matches fresh My Wallet rows (an import's batch, a sync's, a hand entry's groups) to their series'
 * due dates, in the caller's transaction; a fixed amount that differs is the series' new price (its
 * amount follows, and one notification says so). Answers the rows matched.
 */
export async function matchFreshTransactions(
  db: Db,
  userId: string,
  fresh: { batchId?: string; groupIds?: readonly string[] },
  now: Date,
): Promise<{ groupId: string; seriesId: string; date: string; throughNest: boolean }[]> {
  const series = await repo.seriesOf(db, userId);
  if (series.length === 0) return [];
  const own = await ownAccounts(db, userId);
  const rows = (
    await freshOrdinaryRows(
      db,
      userId,
      WALLET_TRANSACTION,
      own.map((a) => a.id),
      fresh,
    )
  ).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.groupId < b.groupId ? -1 : 1));
  if (rows.length === 0) return [];
  const taken = await repo.matchedGroups(
    db,
    userId,
    rows.map((r) => r.groupId),
  );
  const first = addDays(rows[0]?.date as string, -31);
  const last = addDays(rows.at(-1)?.date as string, 31);
  await repo.forgetGonePayments(db, userId, first, last);
  const payments = await repo.paymentsBetween(db, userId, first, last);
  const paidOf = new Map(
    series.map((s) => [s.id, new Set(payments.filter((p) => p.seriesId === s.id).map((p) => p.dueDate))]),
  );
  const matchable = series.map((s): MatchableSeries => ({ ...matchableOf(s), paid: paidOf.get(s.id) ?? new Set() }));

  const out: { groupId: string; seriesId: string; date: string; throughNest: boolean }[] = [];
  for (const r of rows) {
    if (taken.has(r.groupId)) continue;
    const m = matchPayment(matchable, { ...r, payee: r.description });
    if (!m) continue;
    const s = series.find((x) => x.id === m.seriesId) as RecurringSeriesRow;
    const written = await repo.insertPayments(
      db,
      userId,
      [{ seriesId: s.id, dueDate: m.dueDate, groupId: r.groupId, date: r.date, amountCents: Math.abs(r.amountCents) }],
      now,
    );
    if (written.length === 0) continue;
    paidOf.get(s.id)?.add(m.dueDate);
    out.push({ groupId: r.groupId, seriesId: s.id, date: m.dueDate, throughNest: s.throughNest });
    const cents = Math.abs(r.amountCents);
    if (!s.amountVaries && cents !== s.amountCents) {
      const change = { date: r.date, fromCents: s.amountCents, toCents: cents };
      const saved = await repo.updateSeries(
        db,
        userId,
        s.id,
        {
          amountCents: cents as Cents,
          priceChangeDate: change.date,
          priceChangeFromCents: change.fromCents as Cents,
          priceChangeToCents: change.toCents as Cents,
        },
        s.version,
        now,
      );
      if (saved) {
        Object.assign(s, saved);
        const m2 = matchable.find((x) => x.id === s.id);
        if (m2) m2.amountCents = cents;
        await notifyPriceChange(db, userId, s, change, now);
      }
    }
  }
  return out;
}

/** The recurring series (`/v1/recurring`): made by hand or accepted from the history. */
export class RecurringService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  #today(): string {
    return productToday(this.#clock.now());
  }

  list(userId: string): Promise<RecurringSeries[]> {
    return this.#db.transaction(async (tx) => seriesWire(tx, userId, await repo.seriesOf(tx, userId), this.#today()));
  }

  async #one(tx: Db, userId: string, row: RecurringSeriesRow): Promise<RecurringSeries> {
    return (await seriesWire(tx, userId, [row], this.#today()))[0] as RecurringSeries;
  }

  create(userId: string, body: SeriesInput): Promise<RecurringSeries> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      await lockUser(tx, userId);
      const fields = await checkedSeries(tx, userId, body);
      if ((await repo.countSeries(tx, userId)) >= MAX_RECURRING) {
        throw conflict(`You can have at most ${MAX_RECURRING} recurring series`);
      }
      const made = await repo.insertSeries(
        tx,
        userId,
        { ...fields, foundKey: null, priceChangeDate: null, priceChangeFromCents: null, priceChangeToCents: null },
        now,
      );
      await matchHistory(tx, userId, made, this.#today(), now);
      return this.#one(tx, userId, made);
    });
  }

  update(userId: string, id: string, body: SeriesUpdateInput): Promise<RecurringSeries> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      const live = isUuid(id) ? await repo.findSeries(tx, userId, id, true) : undefined;
      if (!live) throw notFound(NO_SERIES);
      const fields = await checkedSeries(tx, userId, body);
      if (live.version !== body.version) throw conflict(STALE_SERIES);
      // A series renamed by hand keeps matching the payee it was found by.
      const saved = await repo.updateSeries(
        tx,
        userId,
        id,
        { ...fields, payeeKey: live.foundKey ? live.payeeKey : fields.payeeKey },
        body.version,
        now,
      );
      if (!saved) throw conflict(STALE_SERIES);
      await matchHistory(tx, userId, saved, this.#today(), now);
      return this.#one(tx, userId, saved);
    });
  }

  remove(userId: string, id: string): Promise<void> {
    return this.#db.transaction(async (tx) => {
      if (!isUuid(id) || !(await repo.deleteSeries(tx, userId, id))) throw notFound(NO_SERIES);
    });
  }

  suggestions(userId: string): Promise<RecurringSuggestion[]> {
    return this.#db.transaction(async (tx) => (await offered(tx, userId, this.#today())).map(suggestionWire));
  }

  /** Makes a series of a found one (with the user's changes) and records the history's transactions as its payments. */
  accept(userId: string, id: string, body: AcceptInput): Promise<RecurringSeries> {
    return this.#db.transaction(async (tx) => {
      const now = this.#clock.now();
      const today = this.#today();
      await lockUser(tx, userId);
      const found = (await offered(tx, userId, today)).find((f) => f.id === id);
      if (!found) throw notFound(NO_SUGGESTION);
      if ((await repo.countSeries(tx, userId)) >= MAX_RECURRING) {
        throw conflict(`You can have at most ${MAX_RECURRING} recurring series`);
      }
      const kind = body.kind ?? suggestedKind(found);
      if (kind === 'transfer') throw invalidField('kind', 'A transfer needs the account it goes to: add it by hand');
      if (directionOf(kind) !== found.direction) {
        throw invalidField(
          'kind',
          found.direction === 'in' ? 'Money coming in is income' : 'Money going out is not income',
        );
      }
      const throughNest = body.through_nest ?? false;
      if (throughNest && kind !== 'income')
        throw invalidField('through_nest', 'Only income goes through the Money Nest');
      const recordForMe = body.record_for_me ?? false;
      if (recordForMe && !throughNest) {
        throw invalidField('record_for_me', 'Record it for me is for income through the Money Nest');
      }
      const category = kind === 'income' ? null : body.category !== undefined ? body.category : found.category;
      if (body.category && kind === 'income') throw invalidField('category', 'Income and transfers have no category');
      const change = found.priceChange;
      const made = await repo.insertSeries(
        tx,
        userId,
        {
          name: body.name ?? found.name,
          kind,
          cadence: found.cadence,
          amountCents: found.amountCents as Cents,
          amountVaries: found.amountVaries,
          accountId: found.accountId,
          toAccountId: null,
          category,
          startDate: found.start,
          endDate: null,
          throughNest,
          recordForMe,
          payeeKey: found.payeeKey,
          foundKey: found.id,
          priceChangeDate: change?.date ?? null,
          priceChangeFromCents: (change?.fromCents ?? null) as Cents | null,
          priceChangeToCents: (change?.toCents ?? null) as Cents | null,
        },
        now,
      );
      await repo.insertPayments(
        tx,
        userId,
        found.occurrences.map((o) => ({
          seriesId: made.id,
          dueDate: o.dueDate,
          groupId: o.id,
          date: o.date,
          amountCents: o.amountCents,
        })),
        now,
      );
      if (change) await notifyPriceChange(tx, userId, made, change, now);
      return this.#one(tx, userId, made);
    });
  }

  dismiss(userId: string, id: string): Promise<void> {
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const found = (await offered(tx, userId, this.#today())).find((f) => f.id === id);
      if (!found) throw notFound(NO_SUGGESTION);
      await repo.dismiss(tx, userId, id, this.#clock.now());
    });
  }

  calendar(userId: string, query: { from?: string | undefined; to?: string | undefined }) {
    const today = this.#today();
    const from = query.from ?? (query.to ? addDays(query.to, -BILLS_DAYS_AHEAD) : today);
    const to = query.to ?? addDays(from, BILLS_DAYS_AHEAD);
    if (to < from) throw invalidField('to', 'To must be on or after From');
    if (daysBetween(from, to) + 1 > CALENDAR_DAYS_MAX) {
      throw invalidField('to', `The calendar shows at most ${CALENDAR_DAYS_MAX} days`);
    }
    return this.#db.transaction(async (tx) => ({
      from,
      to,
      occurrences: (await expectedOccurrences(tx, userId, from, to)).map(
        (o): Occurrence => ({
          series_id: o.seriesId,
          name: o.name,
          kind: o.kind,
          date: o.date,
          amount: centsToDollars(o.amountCents),
          account_id: o.accountId,
          category: o.category,
          paid: o.paid,
          transaction_id: o.transactionId,
        }),
      ),
    }));
  }
}
