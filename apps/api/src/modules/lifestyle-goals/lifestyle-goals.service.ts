import {
  type LifestyleGoal,
  type LifestyleGoalEntry,
  type lifestyleGoalBody,
  type lifestyleGoalEntryBody,
  type lifestyleGoalUpdateBody,
  MAX_GOALS,
} from '@helo/contract/lifestyle-goals';
import { MAX_DOLLARS } from '@helo/contract/money';
import { DEFAULT_REMINDER_PREFERENCES } from '@helo/contract/notifications';
import type { Db } from '@helo/db/client';
import type { LifestyleGoalEntryRow, LifestyleGoalRow } from '@helo/db/schema';
import { addMonths, wholeMonthsBetween } from '@helo/finance/calendar';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { goalPlan, goalPlanFits, MAX_GOAL_MONTHS } from '@helo/finance/goal-plan';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay } from '../../lib/day-rules.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type MailMessage, milestoneMail } from '../../mail/templates.ts';
import {
  decodeEntryCursor,
  encodeEntryCursor,
  findUserContact,
  MADE_BY_NEST,
  milestoneToAnnounce,
  type NewEntry,
} from '../emergency-fund/index.ts';
import { findReminderPreferences, insertNotification } from '../notifications/index.ts';
import { goalMilestoneNotification } from './goal-milestones.ts';
import { goalView, targetDateOf } from './goal-view.ts';
import {
  countGoals,
  deleteEntry,
  deleteGoal,
  findEntry,
  findGoal,
  type GoalValues,
  insertEntry,
  insertGoal,
  ledgerTotals,
  listEntries,
  listGoals,
  lockGoal,
  updateGoal,
} from './lifestyle-goals.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_GOAL = 'Goal not found';
const NO_ENTRY = 'Entry not found';
export const STALE_GOAL =
  'This goal was changed in another tab or device. Reload to see the latest, then make your change again.';
export const TOO_MANY_GOALS = `You can have at most ${MAX_GOALS} goals. Delete one you no longer need to add another.`;
export const CORRECTION_NOTE = 'Corrected when editing the goal';
/** The most a goal may hold, the same bound as any one amount the API takes. */
const MAX_BALANCE_CENTS = MAX_DOLLARS * 100;

export type GoalInput = z.output<typeof lifestyleGoalBody>;
export type GoalUpdateInput = z.output<typeof lifestyleGoalUpdateBody>;
export type EntryInput = z.output<typeof lifestyleGoalEntryBody>;

export interface EntriesPage {
  data: LifestyleGoalEntry[];
  next_cursor: string | null;
}

/** The plan a goal is measured against: set at creation, and again when its target, date or APY change. */
interface Plan {
  planStartedOn: string;
  planStartCents: Cents;
  planMonthlyCents: Cents;
}

/**
 * Whether the Money Nest wrote one of the user's goal entries: such an entry is undone only there.
 * The Nest answers it, and since the Nest deposits into goals through this service, whoever builds the
 * service passes that answer in (app.ts, the Nest, Home) instead of this module importing the Nest.
 */
export type MadeByNest = (db: Db, userId: string, entryId: string) => Promise<boolean>;

/**
 * The user's lifestyle savings goals (issue 13): each with its ledger of deposits and withdrawals
 * (saved = starting amount + entries, never below $0), the plan it was set with (for "behind"), and
 * the milestone notifications. Every write to a goal locks its row and runs the milestone check in
 * its transaction; a create locks the user, so the limit of 50 holds when creates race.
 */
export class LifestyleGoalsService {
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

  /** The user's goals, oldest first (a card does not move when its date changes). */
  async list(userId: string): Promise<LifestyleGoal[]> {
    const today = productToday(this.#clock.now());
    const rows = await listGoals(this.#db, userId);
    return rows.map(({ goal, netCents }) => goalView(goal, savedOf(goal, netCents), today));
  }

  async get(userId: string, id: string): Promise<LifestyleGoal> {
    if (!UUID.test(id)) throw notFound(NO_GOAL);
    const goal = await findGoal(this.#db, userId, id);
    if (!goal) throw notFound(NO_GOAL);
    const { netCents } = await ledgerTotals(this.#db, userId, goal.id);
    return goalView(goal, savedOf(goal, netCents), productToday(this.#clock.now()));
  }

  /**
   * Creates a goal and sets its plan from today. Savings already past a milestone announce it (the
   * highest one) right away.
   */
  create(userId: string, body: GoalInput): Promise<LifestyleGoal> {
    return this.#write(async (tx, now, mails) => {
      const today = productToday(now);
      checkNewTargetDate(body.target_date, today);
      await lockUser(tx, userId);
      if ((await countGoals(tx, userId)) >= MAX_GOALS) throw conflict(TOO_MANY_GOALS);
      const saved = dollarsToCents(body.saved_amount);
      const target = dollarsToCents(body.target_amount);
      const fields = fieldsOf(body);
      const plan = planFrom(today, { ...fields, targetAmountCents: target }, saved);
      const milestone = milestoneToAnnounce(saved, target, 0) ?? 0;
      const goal = await insertGoal(
        tx,
        userId,
        { ...fields, targetAmountCents: target, startingAmountCents: saved, ...plan, milestoneReached: milestone },
        now,
      );
      if (milestone > 0) await this.#announce(tx, userId, goal, milestone, saved, now, mails);
      return goalView(goal, saved, today);
    });
  }

  /**
   * Saves the edit form. `version` must be the one the client read (409 otherwise: a deposit made
   * meanwhile counts as a change, since `saved_amount` would undo it). `saved_amount` is what the goal
   * holds now: while the ledger is empty it replaces the starting amount (the setup is being fixed,
   * so the plan starts again); once there are entries a difference becomes a correction entry dated
   * today and the plan stays. A change of target, horizon, date or APY starts a new plan from today.
   */
  update(userId: string, id: string, body: GoalUpdateInput): Promise<LifestyleGoal> {
    return this.#write(async (tx, now, mails) => {
      if (!UUID.test(id)) throw notFound(NO_GOAL);
      const today = productToday(now);
      const locked = await lockGoal(tx, userId, id);
      if (!locked) throw notFound(NO_GOAL);
      if (body.version !== locked.version) throw conflict(STALE_GOAL);
      const fields = fieldsOf(body);
      const dateChanged = fields.targetDate !== null && fields.targetDate !== locked.targetDate;
      // An unchanged date may have passed (a goal whose day came); a new one must be ahead.
      if (dateChanged) checkNewTargetDate(fields.targetDate, today);

      const target = dollarsToCents(body.target_amount);
      const wanted = dollarsToCents(body.saved_amount);
      const { netCents, count } = await ledgerTotals(tx, userId, locked.id);
      const changes: Partial<GoalValues> = { ...fields, targetAmountCents: target };
      let planRestarts =
        target !== locked.targetAmountCents ||
        fields.horizonYears !== locked.horizonYears ||
        fields.targetDate !== locked.targetDate ||
        Number(fields.apyPercent) !== Number(locked.apyPercent);
      if (count === 0) {
        changes.startingAmountCents = wanted;
        if (wanted !== locked.startingAmountCents) planRestarts = true;
      } else {
        const difference = wanted - (locked.startingAmountCents + netCents);
        if (difference !== 0) {
          const correction = {
            kind: difference > 0 ? ('deposit' as const) : ('withdrawal' as const),
            amountCents: cents(Math.abs(difference)),
            date: today,
            note: CORRECTION_NOTE,
          };
          await insertEntry(tx, userId, locked.id, correction, now);
        }
      }
      if (planRestarts) Object.assign(changes, planFrom(today, { ...locked, ...changes }, wanted));
      return this.#saveLocked(tx, userId, locked, changes, now, mails);
    });
  }

  /** Deletes the goal with its ledger (its milestone notifications stay in the bell). */
  async delete(userId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw notFound(NO_GOAL);
    if (!(await deleteGoal(this.#db, userId, id))) throw notFound(NO_GOAL);
  }

  /** Records a deposit or a withdrawal; a withdrawal may not take the goal below $0. */
  addEntry(
    userId: string,
    goalId: string,
    body: EntryInput,
  ): Promise<{ entry: LifestyleGoalEntry; goal: LifestyleGoal }> {
    return this.#write(async (tx, now, mails) => {
      if (!UUID.test(goalId)) throw notFound(NO_GOAL);
      checkHappenedDay('date', 'Date', body.date, now);
      const note = body.note?.trim() || null;
      const entry = { kind: body.kind, amountCents: dollarsToCents(body.amount), date: body.date, note };
      const made = await this.entryIn(tx, userId, goalId, entry, now, mails);
      return { entry: toEntry(made.entry), goal: made.goal };
    });
  }

  /**
   * An entry of the goal written in the caller's transaction, with the same checks, version and
   * milestones as one the goal's own route writes: the Money Nest's shares and their reversals come
   * through here. `overdrawn` builds the refusal of a withdrawal larger than the balance (a 400 at
   * `amount` here; the Nest's reversal says it as a 409 of its own). Queued mail is added to `mails`.
   */
  async entryIn(
    tx: Db,
    userId: string,
    goalId: string,
    entry: NewEntry,
    now: Date,
    mails: MailMessage[],
    overdrawn: (balanceCents: number) => Error = (balance) =>
      invalidField('amount', `You can withdraw at most ${formatCents(balance)}, what this goal holds`),
  ): Promise<{ entry: LifestyleGoalEntryRow; goal: LifestyleGoal }> {
    const locked = await lockGoal(tx, userId, goalId);
    if (!locked) throw notFound(NO_GOAL);
    const { netCents } = await ledgerTotals(tx, userId, locked.id);
    const balance = locked.startingAmountCents + netCents;
    if (entry.kind === 'withdrawal' && entry.amountCents > balance) throw overdrawn(balance);
    if (entry.kind === 'deposit' && balance + entry.amountCents > MAX_BALANCE_CENTS) {
      throw invalidField('amount', `A goal can hold at most ${formatCents(MAX_BALANCE_CENTS)}`);
    }
    const row = await insertEntry(tx, userId, locked.id, entry, now);
    return { entry: row, goal: await this.#saveLocked(tx, userId, locked, {}, now, mails) };
  }

  /** The goal's entries, newest first, a page at a time. */
  async entries(userId: string, goalId: string, cursor: string | undefined, limit: number): Promise<EntriesPage> {
    if (!UUID.test(goalId)) throw notFound(NO_GOAL);
    const after = cursor === undefined ? undefined : decodeEntryCursor(cursor);
    const goal = await findGoal(this.#db, userId, goalId);
    if (!goal) throw notFound(NO_GOAL);
    const page = await listEntries(this.#db, userId, goal.id, limit, after);
    const last = page.rows.at(-1);
    return { data: page.rows.map(toEntry), next_cursor: page.more && last ? encodeEntryCursor(last) : null };
  }

  /**
   * Deletes one entry of the goal. Deleting a deposit that later withdrawals spent would leave the
   * goal below $0: that is a 409 (delete the withdrawal first), not a negative balance.
   */
  deleteEntry(userId: string, goalId: string, entryId: string): Promise<LifestyleGoal> {
    return this.#write(async (tx, now, mails) => {
      if (!UUID.test(goalId)) throw notFound(NO_GOAL);
      if (!UUID.test(entryId)) throw notFound(NO_ENTRY);
      const locked = await lockGoal(tx, userId, goalId);
      if (!locked) throw notFound(NO_GOAL);
      const entry = await findEntry(tx, userId, locked.id, entryId);
      if (!entry) throw notFound(NO_ENTRY);
      // The Nest's ledger links it: deleting it here would leave the two ledgers disagreeing.
      if (await this.#madeByNest(tx, userId, entry.id)) throw conflict(MADE_BY_NEST);
      const { netCents } = await ledgerTotals(tx, userId, locked.id);
      const balance = locked.startingAmountCents + netCents;
      const after = entry.kind === 'deposit' ? balance - entry.amountCents : balance + entry.amountCents;
      if (after < 0) {
        throw conflict(
          `This deposit can not be deleted: the goal would hold ${formatCents(after)}. Delete the withdrawals that spent it first.`,
        );
      }
      if (after > MAX_BALANCE_CENTS) {
        throw conflict(
          `This withdrawal can not be deleted: a goal can hold at most ${formatCents(MAX_BALANCE_CENTS)}.`,
        );
      }
      await deleteEntry(tx, userId, entry.id);
      return this.#saveLocked(tx, userId, locked, {}, now, mails);
    });
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
   * Ends a write to the locked goal (its ledger already changed in this transaction): saves the
   * changes, counts the write in `version`, and announces the milestone the new balance reached, if
   * any, all in the same transaction.
   */
  async #saveLocked(
    tx: Db,
    userId: string,
    locked: LifestyleGoalRow,
    changes: Partial<GoalValues>,
    now: Date,
    mails: MailMessage[],
  ): Promise<LifestyleGoal> {
    const starting = changes.startingAmountCents ?? locked.startingAmountCents;
    const target = changes.targetAmountCents ?? locked.targetAmountCents;
    const { netCents } = await ledgerTotals(tx, userId, locked.id);
    const saved = cents(starting + netCents);
    const milestone = milestoneToAnnounce(saved, target, locked.milestoneReached);
    const goal = await updateGoal(
      tx,
      userId,
      locked.id,
      milestone === null ? changes : { ...changes, milestoneReached: milestone },
      now,
    );
    if (milestone !== null) await this.#announce(tx, userId, goal, milestone, saved, now, mails);
    return goalView(goal, saved, productToday(now));
  }

  /** The milestone's notification, and its mail when the user wants milestone mail. */
  async #announce(
    tx: Db,
    userId: string,
    goal: LifestyleGoalRow,
    milestone: number,
    savedCents: number,
    now: Date,
    mails: MailMessage[],
  ): Promise<void> {
    const note = goalMilestoneNotification(goal, milestone, savedCents, goal.targetAmountCents);
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

const savedOf = (goal: LifestyleGoalRow, netCents: number): Cents => cents(goal.startingAmountCents + netCents);

/** The form's fields other than the amounts, as stored. */
function fieldsOf(body: GoalInput) {
  return {
    name: body.name,
    kind: body.kind,
    horizonYears: body.horizon_years ?? null,
    targetDate: body.horizon_years ? null : (body.target_date ?? null),
    // numeric(7,4): the contract allows at most four decimals.
    apyPercent: String(body.apy ?? 0),
  };
}

/** A target date the user picks now must be after today and within the longest plan there is. */
function checkNewTargetDate(date: string | null | undefined, today: string): void {
  if (date === null || date === undefined) return;
  if (date <= today) throw invalidField('target_date', 'Target date must be after today');
  if (date > addMonths(today, MAX_GOAL_MONTHS)) {
    throw invalidField('target_date', `Target date must be within ${MAX_GOAL_MONTHS / 12} years`);
  }
}

/**
 * The plan set today: the smallest monthly deposit that takes the saved amount to the target by
 * the target day. A plan whose projection could grow past what cents can count (an absurd APY over
 * decades) is refused rather than answered wrong.
 */
function planFrom(
  today: string,
  goal: Pick<GoalValues, 'horizonYears' | 'targetDate' | 'apyPercent' | 'targetAmountCents'>,
  savedCents: Cents,
): Plan {
  const targetDate = targetDateOf({ ...goal, planStartedOn: today });
  const months = Math.max(1, wholeMonthsBetween(today, targetDate));
  const apyPercent = Number(goal.apyPercent);
  if (!goalPlanFits({ maxCents: MAX_BALANCE_CENTS, months, apyPercent })) {
    throw invalidField('apy', 'APY is too high for a goal this far away: lower it or choose a nearer date');
  }
  const plan = goalPlan({ targetCents: goal.targetAmountCents, savedCents, months, apyPercent });
  return { planStartedOn: today, planStartCents: savedCents, planMonthlyCents: plan.monthlyNeededCents };
}

function toEntry(e: LifestyleGoalEntryRow): LifestyleGoalEntry {
  return {
    id: e.id,
    kind: e.kind,
    amount: centsToDollars(e.amountCents),
    date: e.date,
    note: e.note,
    created_at: e.createdAt.toISOString(),
  };
}
