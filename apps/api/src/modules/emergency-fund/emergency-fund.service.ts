import type {
  EmergencyFund,
  EmergencyFundEntry,
  emergencyFundBody,
  emergencyFundEntryBody,
} from '@helo/contract/emergency-fund';
import type { Db } from '@helo/db/client';
import type { EmergencyFundRow } from '@helo/db/schema';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { type EmergencyFundPlan, emergencyFundPlan } from '@helo/finance/emergency-fund';
import { formatCents } from '@helo/finance/format';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay, checkNotBeforeStart, firstEntryDay } from '../../lib/day-rules.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailMessage } from '../../mail/templates.ts';
import { budgetExpensesAsOf } from '../budgets/index.ts';
import {
  announceMilestone,
  MAX_POT_CENTS,
  milestoneToAnnounce,
  type PotSubject,
  SavingsPot,
} from '../savings-pot/index.ts';
import { type FundAnswers, findFund, insertFund, lockFund, updateFund } from './emergency-fund.repository.ts';
import { milestoneNotification } from './milestones.ts';

const NO_FUND = 'No emergency fund yet';
export const CORRECTION_NOTE = 'Corrected in setup';
/** The name of the fund's account (the Nest's bucket, a reversal's refusal). */
export const FUND_NAME = 'Emergency fund';

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

const pot = new SavingsPot('emergency_fund', {
  the: 'the fund',
  holds: 'what the fund holds',
  capacity: 'The fund can hold at most',
});
const subjectOf = (fund: EmergencyFundRow): PotSubject => ({ id: fund.id, name: FUND_NAME });

/**
 * The user's emergency fund (issue 12): the setup answers, its money in a savings pot of the ledger
 * (issue 27: the starting amount an opening journal, each deposit and withdrawal a journal), the plan
 * built on the balance, and the milestone notifications. Every write locks the fund's row first (then
 * the ledger locks the accounts) and runs the milestone check in its transaction.
 */
export class EmergencyFundService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;

  constructor(db: Db, clock: Clock, mailer: Mailer) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
  }

  /** The same service on another connection and clock: Home reads every area in its one transaction. */
  on(db: Db, clock: Clock): EmergencyFundService {
    return new EmergencyFundService(db, clock, this.#mailer);
  }

  async get(userId: string): Promise<EmergencyFund> {
    const fund = await this.find(userId);
    if (!fund) throw notFound(NO_FUND);
    return fund;
  }

  /** The fund as the page shows it, or undefined before it is set up (Home asks without a 404). */
  async find(userId: string): Promise<EmergencyFund | undefined> {
    const row = await findFund(this.#db, userId);
    if (!row) return undefined;
    const state = await pot.state(this.#db, userId, row.id);
    const expenses = await this.monthlyExpenses(this.#db, userId, row.monthlyIncomeCents, this.#clock.now());
    return toFund(row, state.balanceCents, state.startingCents, expenses);
  }

  /**
   * One fund per user: a second create is a 409, even when two arrive at once. A fund set up with
   * savings already past a milestone announces it (the highest one) right away.
   */
  create(userId: string, body: FundInput): Promise<EmergencyFund> {
    return this.#write(async (tx, now, mails) => {
      const answers = answersOf(body);
      const balanceCents = savedCentsOf(body);
      const expenses = await this.monthlyExpenses(tx, userId, answers.monthlyIncomeCents, now);
      const plan = planOf(balanceCents, expenses, answers.monthlySavingWantCents);
      const milestone = milestoneToAnnounce(balanceCents, plan.targetLowCents, 0);
      const row = await insertFund(tx, userId, { ...answers, milestoneReached: milestone ?? 0 }, now);
      if (!row) throw conflict('You already have an emergency fund');
      await pot.setStarting(tx, userId, subjectOf(row), balanceCents, productToday(now), now);
      if (milestone !== null) await this.#announce(tx, userId, row.id, milestone, balanceCents, plan, now, mails);
      return toFund(row, balanceCents, balanceCents, expenses);
    });
  }

  /**
   * Saves new setup answers. `saved_amount` is what the user says the fund holds now: while the
   * ledger lists no entry it replaces the starting amount (the opening journal is corrected); once
   * there are entries, a difference is recorded as a correction entry dated today, so the list
   * explains every change of the balance.
   */
  update(userId: string, body: FundInput): Promise<EmergencyFund> {
    return this.#write(async (tx, now, mails) => {
      const locked = await lockFund(tx, userId);
      if (!locked) throw notFound(NO_FUND);
      const wanted = savedCentsOf(body);
      const state = await pot.state(tx, userId, locked.id);
      if (await pot.hasEntries(tx, userId, state.account?.id)) {
        await pot.correctTo(tx, userId, subjectOf(locked), wanted, productToday(now), CORRECTION_NOTE, now);
      } else {
        await pot.setStarting(tx, userId, subjectOf(locked), wanted, productToday(locked.createdAt), now);
      }
      return this.#saveLocked(tx, userId, locked, answersOf(body), now, mails);
    });
  }

  /**
   * Records a deposit or a withdrawal, from or to outside Helo; a withdrawal may not take the balance
   * below $0. Its day is one that happened (not after tomorrow) and not before the fund was set up.
   */
  addEntry(userId: string, body: EntryInput): Promise<{ entry: EmergencyFundEntry; fund: EmergencyFund }> {
    return this.#write(async (tx, now, mails) => {
      checkHappenedDay('date', 'Date', body.date, now);
      const fund = await lockFund(tx, userId);
      if (!fund) throw notFound(NO_FUND);
      checkNotBeforeStart('date', 'Date', body.date, fund.createdAt, 'you set up the fund');
      const note = body.note?.trim() || null;
      const entry = { kind: body.kind, amountCents: dollarsToCents(body.amount), date: body.date, note };
      const made = await pot.add(tx, userId, subjectOf(fund), entry, now);
      return { entry: made.entry, fund: await this.#saveLocked(tx, userId, fund, {}, now, mails) };
    });
  }

  /** The fund's entries, newest first, a page at a time. */
  async entries(userId: string, cursor: string | undefined, limit: number): Promise<EntriesPage> {
    const fund = await findFund(this.#db, userId);
    if (!fund) {
      // A bad cursor is named before a missing fund, as before.
      await pot.page(this.#db, userId, undefined, cursor, limit);
      throw notFound(NO_FUND);
    }
    const state = await pot.state(this.#db, userId, fund.id);
    return pot.page(this.#db, userId, state.account?.id, cursor, limit);
  }

  /**
   * Deletes one of the user's entries (its journal reversed). Deleting a deposit that later
   * withdrawals spent would leave the fund below $0: that is a 409 (delete the withdrawal first).
   */
  deleteEntry(userId: string, id: string): Promise<EmergencyFund> {
    return this.#write(async (tx, now, mails) => {
      const locked = await lockFund(tx, userId);
      if (!locked) throw notFound('Entry not found');
      const state = await pot.state(tx, userId, locked.id);
      await pot.delete(tx, userId, state.account?.id, id, now);
      return this.#saveLocked(tx, userId, locked, {}, now, mails);
    });
  }

  /**
   * For the Money Nest (wired in app.ts): before its journal moves money in or out of the fund, the
   * fund's row is locked (the fund's lock order: row, then ledger) and a share past what the fund
   * may hold is refused at `amount`. Undefined when the user has no fund.
   */
  async beforeNestMove(
    tx: Db,
    userId: string,
    deltaCents: number,
  ): Promise<{ accountId: string; name: string; subjectId: string } | undefined> {
    const fund = await lockFund(tx, userId);
    if (!fund) return undefined;
    const account = await pot.account(tx, userId, subjectOf(fund));
    if (deltaCents > 0 && account.balanceCents + deltaCents > MAX_POT_CENTS) {
      throw invalidField('amount', `The fund can hold at most ${formatCents(MAX_POT_CENTS)}`);
    }
    return { accountId: account.id, name: FUND_NAME, subjectId: fund.id };
  }

  /** For the Money Nest: after its journal, the change counted and the milestone it reached announced. */
  async afterNestMove(tx: Db, userId: string, now: Date, mails: MailMessage[]): Promise<void> {
    const fund = await lockFund(tx, userId);
    if (fund) await this.#saveLocked(tx, userId, fund, {}, now, mails);
  }

  /** For the Money Nest's rules: the user's fund by id, if set up. */
  async nestNames(db: Db, userId: string): Promise<Map<string, string>> {
    const fund = await findFund(db, userId);
    return new Map(fund ? [[fund.id, FUND_NAME]] : []);
  }

  /**
   * The monthly expenses the targets are built on (decisions.md "Emergency fund details"): the
   * planned needs and wants of the user's budget for this month (New York's), or else of their
   * latest budget before it; savings are not expenses. Without such a budget, or when it plans no
   * expenses at all, the monthly income they gave stands in.
   */
  async monthlyExpenses(db: Db, userId: string, monthlyIncomeCents: number, now: Date): Promise<MonthlyExpenses> {
    const budget = await budgetExpensesAsOf(db, userId, productToday(now).slice(0, 7));
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
   * Ends a write to the locked fund (its money already moved in this transaction): saves the
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
    const state = await pot.state(tx, userId, locked.id);
    const balanceCents = state.balanceCents;
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
    return toFund(row, balanceCents, state.startingCents, expenses);
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
    await announceMilestone(tx, this.#mailer, userId, note, now, mails);
  }
}

/** The answers other than the saved amount, in cents. */
function answersOf(body: FundInput): FundAnswers {
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

function toFund(
  row: EmergencyFundRow,
  balanceCents: number,
  startingCents: number,
  expenses: MonthlyExpenses,
): EmergencyFund {
  const plan = planOf(balanceCents, expenses, row.monthlySavingWantCents);
  return {
    id: row.id,
    is_saving: row.isSaving,
    starting_amount: centsToDollars(cents(startingCents)),
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
