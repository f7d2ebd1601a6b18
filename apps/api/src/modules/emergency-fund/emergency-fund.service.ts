import type {
  EmergencyFund,
  EmergencyFundEntry,
  emergencyFundBody,
  emergencyFundEntryBody,
} from '@helo/contract/emergency-fund';
import { MAX_DOLLARS } from '@helo/contract/money';
import { DEFAULT_REMINDER_PREFERENCES } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import type { EmergencyFundEntryRow, EmergencyFundRow } from '@helo/db/schema';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { type EmergencyFundPlan, emergencyFundPlan } from '@helo/finance/emergency-fund';
import { formatCents } from '@helo/finance/format';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay, checkNotBeforeStart, firstEntryDay } from '../../lib/day-rules.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productMonth, productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type MailMessage, milestoneMail } from '../../mail/templates.ts';
import { budgetExpensesAsOf } from '../budgets/index.ts';
import { findReminderPreferences, insertNotification } from '../notifications/index.ts';
import {
  deleteEntry,
  type FundAnswers,
  findEntry,
  findFund,
  findUserContact,
  insertEntry,
  insertFund,
  ledgerTotals,
  listEntries,
  lockFund,
  type NewEntry,
  updateFund,
} from './emergency-fund.repository.ts';
import { decodeEntryCursor, encodeEntryCursor } from './entry-cursor.ts';
import { milestoneNotification, milestoneToAnnounce } from './milestones.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_FUND = 'No emergency fund yet';
const NO_ENTRY = 'Entry not found';
/** The most the fund may hold, the same bound as any one amount the API takes. */
const MAX_BALANCE_CENTS = MAX_DOLLARS * 100;
export const CORRECTION_NOTE = 'Corrected in setup';
/** An entry the Money Nest wrote (a deposit's share or its reversal) is undone only there (decisions.md). */
export const MADE_BY_NEST = 'This deposit came from the Money Nest; reverse it there';

/** The setup answers and an entry as the contract parsed them (amounts already checked to convert to cents). */
export type FundInput = z.output<typeof emergencyFundBody>;
export type EntryInput = z.output<typeof emergencyFundEntryBody>;

/** The monthly expenses the targets are built on, and where they came from. */
export interface MonthlyExpenses {
  cents: number;
  source: 'budget' | 'income';
}

export interface EntriesPage {
  data: EmergencyFundEntry[];
  next_cursor: string | null;
}

/**
 * Whether the Money Nest wrote one of the user's fund entries: such an entry is undone only there.
 * The Nest answers it, and since the Nest deposits into the fund through this service, whoever builds the
 * service passes that answer in (app.ts, the Nest, Home) instead of this module importing the Nest.
 */
export type MadeByNest = (db: Db, userId: string, entryId: string) => Promise<boolean>;

/**
 * The user's emergency fund (issue 12): the setup answers, the ledger of deposits and withdrawals
 * whose sum with the starting amount is the saved amount, the plan built on it, and the milestone
 * notifications. Every write locks the fund's row and runs the milestone check in its transaction.
 */
export class EmergencyFundService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #madeByNest: MadeByNest;

  constructor(db: Db, clock: Clock, mailer: Mailer, madeByNest: MadeByNest) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#madeByNest = madeByNest;
  }

  async get(userId: string): Promise<EmergencyFund> {
    const row = await findFund(this.#db, userId);
    if (!row) throw notFound(NO_FUND);
    const { netCents } = await ledgerTotals(this.#db, userId, row.id);
    const balanceCents = row.startingAmountCents + netCents;
    const expenses = await this.monthlyExpenses(this.#db, userId, row.monthlyIncomeCents, this.#clock.now());
    return toFund(row, balanceCents, expenses);
  }

  /**
   * One fund per user: a second create is a 409, even when two arrive at once. A fund set up with
   * savings already past a milestone announces it (the highest one) right away.
   */
  create(userId: string, body: FundInput): Promise<EmergencyFund> {
    return this.#write(async (tx, now, mails) => {
      const answers: FundAnswers = { ...answersOf(body), startingAmountCents: savedCentsOf(body) };
      const balanceCents = answers.startingAmountCents;
      const expenses = await this.monthlyExpenses(tx, userId, answers.monthlyIncomeCents, now);
      const plan = planOf(balanceCents, expenses, answers.monthlySavingWantCents);
      const milestone = milestoneToAnnounce(balanceCents, plan.targetLowCents, 0);
      const row = await insertFund(tx, userId, { ...answers, milestoneReached: milestone ?? 0 }, now);
      if (!row) throw conflict('You already have an emergency fund');
      if (milestone !== null) await this.#announce(tx, userId, row.id, milestone, balanceCents, plan, now, mails);
      return toFund(row, balanceCents, expenses);
    });
  }

  /**
   * Saves new setup answers. `saved_amount` is what the user says the fund holds now: while the
   * ledger is empty it simply replaces the starting amount; once there are entries, a difference is
   * recorded as a correction entry dated today, so saved = starting + entries always holds and the
   * ledger explains every change of the balance.
   */
  update(userId: string, body: FundInput): Promise<EmergencyFund> {
    return this.#write(async (tx, now, mails) => {
      const locked = await lockFund(tx, userId);
      if (!locked) throw notFound(NO_FUND);
      const wanted = savedCentsOf(body);
      const { netCents, count } = await ledgerTotals(tx, userId, locked.id);
      const changes: Partial<FundAnswers> = answersOf(body);
      if (count === 0) {
        changes.startingAmountCents = wanted;
      } else {
        const difference = wanted - (locked.startingAmountCents + netCents);
        if (difference !== 0) {
          const correction = {
            kind: difference > 0 ? ('deposit' as const) : ('withdrawal' as const),
            amountCents: cents(Math.abs(difference)),
            date: productToday(now),
            note: CORRECTION_NOTE,
          };
          await insertEntry(tx, userId, locked.id, correction, now);
        }
      }
      return this.#saveLocked(tx, userId, locked, changes, now, mails);
    });
  }

  /**
   * Records a deposit or a withdrawal; a withdrawal may not take the balance below $0. Its day is
   * one that happened (not after tomorrow) and not before the fund was set up (docs/decisions.md).
   */
  addEntry(userId: string, body: EntryInput): Promise<{ entry: EmergencyFundEntry; fund: EmergencyFund }> {
    return this.#write(async (tx, now, mails) => {
      checkHappenedDay('date', 'Date', body.date, now);
      const fund = await lockFund(tx, userId);
      if (!fund) throw notFound(NO_FUND);
      checkNotBeforeStart('date', 'Date', body.date, fund.createdAt, 'you set up the fund');
      const note = body.note?.trim() || null;
      const entry = { kind: body.kind, amountCents: dollarsToCents(body.amount), date: body.date, note };
      const made = await this.entryIn(tx, userId, entry, now, mails);
      return { entry: toEntry(made.entry), fund: made.fund };
    });
  }

  /**
   * An entry written in the caller's transaction, with the same checks, version and milestones as
   * one the fund's own route writes: the Money Nest's shares and their reversals come through here.
   * `overdrawn` builds the refusal of a withdrawal larger than the balance (a 400 at `amount` here;
   * the Nest's reversal says it as a 409 of its own). The mail queued is added to `mails`, for the
   * caller to announce after its commit.
   */
  async entryIn(
    tx: Db,
    userId: string,
    entry: NewEntry,
    now: Date,
    mails: MailMessage[],
    overdrawn: (balanceCents: number) => Error = (balance) =>
      invalidField('amount', `You can withdraw at most ${formatCents(balance)}, what the fund holds`),
  ): Promise<{ entry: EmergencyFundEntryRow; fund: EmergencyFund }> {
    const locked = await lockFund(tx, userId);
    if (!locked) throw notFound(NO_FUND);
    const { netCents } = await ledgerTotals(tx, userId, locked.id);
    const balance = locked.startingAmountCents + netCents;
    if (entry.kind === 'withdrawal' && entry.amountCents > balance) throw overdrawn(balance);
    if (entry.kind === 'deposit' && balance + entry.amountCents > MAX_BALANCE_CENTS) {
      throw invalidField('amount', `The fund can hold at most ${formatCents(MAX_BALANCE_CENTS)}`);
    }
    const row = await insertEntry(tx, userId, locked.id, entry, now);
    return { entry: row, fund: await this.#saveLocked(tx, userId, locked, {}, now, mails) };
  }

  /** The fund's entries, newest first, a page at a time. */
  async entries(userId: string, cursor: string | undefined, limit: number): Promise<EntriesPage> {
    const after = cursor === undefined ? undefined : decodeEntryCursor(cursor);
    const fund = await findFund(this.#db, userId);
    if (!fund) throw notFound(NO_FUND);
    const page = await listEntries(this.#db, userId, fund.id, limit, after);
    const last = page.rows.at(-1);
    return { data: page.rows.map(toEntry), next_cursor: page.more && last ? encodeEntryCursor(last) : null };
  }

  /**
   * Deletes one of the user's entries. Deleting a deposit that later withdrawals spent would leave
   * the fund below $0: that is a 409 (delete the withdrawal first), not a negative balance.
   */
  deleteEntry(userId: string, id: string): Promise<EmergencyFund> {
    return this.#write(async (tx, now, mails) => {
      // Someone else's id, or no id at all, is the same 404: nothing tells them it exists.
      if (!UUID.test(id)) throw notFound(NO_ENTRY);
      const locked = await lockFund(tx, userId);
      if (!locked) throw notFound(NO_ENTRY);
      const entry = await findEntry(tx, userId, id);
      if (!entry || entry.fundId !== locked.id) throw notFound(NO_ENTRY);
      // The Nest's ledger links it: deleting it here would leave the two ledgers disagreeing.
      if (await this.#madeByNest(tx, userId, entry.id)) throw conflict(MADE_BY_NEST);
      const { netCents } = await ledgerTotals(tx, userId, locked.id);
      const balance = locked.startingAmountCents + netCents;
      const after = entry.kind === 'deposit' ? balance - entry.amountCents : balance + entry.amountCents;
      if (after < 0) {
        throw conflict(
          `This deposit can not be deleted: the fund would hold ${formatCents(after)}. Delete the withdrawals that spent it first.`,
        );
      }
      if (after > MAX_BALANCE_CENTS) {
        throw conflict(
          `This withdrawal can not be deleted: the fund can hold at most ${formatCents(MAX_BALANCE_CENTS)}.`,
        );
      }
      await deleteEntry(tx, userId, id);
      return this.#saveLocked(tx, userId, locked, {}, now, mails);
    });
  }

  /**
   * The monthly expenses the targets are built on (decisions.md "Emergency fund details"): the
   * planned needs and wants of the user's budget for this month (New York's), or else of their
   * latest budget before it; savings are not expenses. Without such a budget, or when it plans no
   * expenses at all, the monthly income they gave stands in.
   */
  async monthlyExpenses(db: Db, userId: string, monthlyIncomeCents: number, now: Date): Promise<MonthlyExpenses> {
    const budget = await budgetExpensesAsOf(db, userId, productMonth(now));
    if (budget && budget.cents > 0) return { cents: budget.cents, source: 'budget' };
    return { cents: monthlyIncomeCents, source: 'income' };
  }

  /**
   * Runs a write in one transaction. The mail it queues (in the transaction, through the outbox) is
   * collected per call, never on the service, which serves concurrent requests, and announced to
   * the mailer once the transaction committed.
   */
  async #write<T>(work: (tx: Db, now: Date, mails: MailMessage[]) => Promise<T>): Promise<T> {
    const now = this.#clock.now();
    const mails: MailMessage[] = [];
    const result = await this.#db.transaction((tx) => work(tx, now, mails));
    this.#mailer.afterCommit(mails);
    return result;
  }

  /**
   * Ends a write to the locked fund (its ledger already changed in this transaction): saves the
   * changed answers, counts the change in `version`, and announces the milestone the new balance
   * reached, if any, all in the same transaction.
   */
  async #saveLocked(
    tx: Db,
    userId: string,
    locked: EmergencyFundRow,
    changes: Partial<FundAnswers>,
    now: Date,
    mails: MailMessage[],
  ): Promise<EmergencyFund> {
    const answers = { ...locked, ...changes };
    const { netCents } = await ledgerTotals(tx, userId, locked.id);
    const balanceCents = answers.startingAmountCents + netCents;
    const expenses = await this.monthlyExpenses(tx, userId, answers.monthlyIncomeCents, now);
    const plan = planOf(balanceCents, expenses, answers.monthlySavingWantCents);
    const milestone = milestoneToAnnounce(balanceCents, plan.targetLowCents, locked.milestoneReached);
    const row = await updateFund(
      tx,
      userId,
      locked.id,
      milestone === null ? changes : { ...changes, milestoneReached: milestone },
      now,
    );
    if (milestone !== null) await this.#announce(tx, userId, row.id, milestone, balanceCents, plan, now, mails);
    return toFund(row, balanceCents, expenses);
  }

  /** The milestone's notification, and its mail when the user wants milestone mail. */
  async #announce(
    tx: Db,
    userId: string,
    fundId: string,
    milestone: number,
    balanceCents: number,
    plan: EmergencyFundPlan,
    now: Date,
    mails: MailMessage[],
  ): Promise<void> {
    const note = milestoneNotification(fundId, milestone, balanceCents, plan.targetLowCents, plan.targetHighCents);
    const written = await insertNotification(tx, userId, note, now);
    if (!written) return;
    const preferences = await findReminderPreferences(tx, userId);
    if (!(preferences?.goalMilestones ?? DEFAULT_REMINDER_PREFERENCES.goal_milestones)) return;
    const contact = await findUserContact(tx, userId);
    if (!contact) return;
    const mail = milestoneMail(contact.email, contact.firstName, note);
    await this.#mailer.queue(tx, mail);
    mails.push(mail);
  }
}

/** The answers other than the saved amount, in cents. */
function answersOf(body: FundInput): Omit<FundAnswers, 'startingAmountCents'> {
  return {
    isSaving: body.is_saving,
    monthlyIncomeCents: dollarsToCents(body.monthly_income),
    monthlySavingCents: dollarsToCents(body.monthly_saving),
    monthlySavingWantCents: dollarsToCents(body.monthly_saving_want),
  };
}

/** What the user says the fund holds: nothing unless they answered that they are saving (spec). */
function savedCentsOf(body: FundInput): Cents {
  return body.is_saving === true && typeof body.saved_amount === 'number'
    ? dollarsToCents(body.saved_amount)
    : cents(0);
}

function planOf(balanceCents: number, expenses: MonthlyExpenses, monthlySavingWantCents: number): EmergencyFundPlan {
  return emergencyFundPlan({
    savedCents: balanceCents,
    monthlyExpensesCents: expenses.cents,
    monthlySavingCents: monthlySavingWantCents,
  });
}

function toFund(row: EmergencyFundRow, balanceCents: number, expenses: MonthlyExpenses): EmergencyFund {
  const plan = planOf(balanceCents, expenses, row.monthlySavingWantCents);
  return {
    id: row.id,
    is_saving: row.isSaving,
    starting_amount: centsToDollars(row.startingAmountCents),
    saved_amount: centsToDollars(balanceCents),
    monthly_income: centsToDollars(row.monthlyIncomeCents),
    monthly_saving: centsToDollars(row.monthlySavingCents),
    monthly_saving_want: centsToDollars(row.monthlySavingWantCents),
    monthly_expenses: centsToDollars(expenses.cents),
    expenses_source: expenses.source,
    plan: {
      target_low: centsToDollars(plan.targetLowCents),
      target_high: centsToDollars(plan.targetHighCents),
      progress_percent: plan.progressPercent,
      months_to_low: plan.monthsToLow,
      months_to_high: plan.monthsToHigh,
    },
    milestone_reached: row.milestoneReached,
    entries_from: firstEntryDay(row.createdAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toEntry(e: EmergencyFundEntryRow): EmergencyFundEntry {
  return {
    id: e.id,
    kind: e.kind,
    amount: centsToDollars(e.amountCents),
    date: e.date,
    note: e.note,
    created_at: e.createdAt.toISOString(),
  };
}
