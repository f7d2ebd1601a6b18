import {
  type LifestyleGoal,
  type LifestyleGoalEntry,
  type lifestyleGoalBody,
  type lifestyleGoalEntryBody,
  type lifestyleGoalUpdateBody,
  MAX_GOALS,
} from '@helo/contract/lifestyle-goals';
import { MAX_DOLLARS } from '@helo/contract/money';
import type { Db } from '@helo/db/client';
import type { LifestyleGoalRow } from '@helo/db/schema';
import { addMonths, wholeMonthsBetween } from '@helo/finance/calendar';
import { type Cents, cents, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { goalPlan, goalPlanFits, MAX_GOAL_MONTHS } from '@helo/finance/goal-plan';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { checkHappenedDay } from '../../lib/day-rules.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailMessage } from '../../mail/templates.ts';
import {
  announceMilestone,
  MAX_POT_CENTS,
  milestoneToAnnounce,
  type PotSubject,
  SavingsPot,
} from '../savings-pot/index.ts';
import { goalMilestoneNotification } from './goal-milestones.ts';
import { goalView, targetDateOf } from './goal-view.ts';
import {
  countGoals,
  deleteGoal,
  findGoal,
  type GoalValues,
  insertGoal,
  listGoals,
  lockGoal,
  updateGoal,
} from './lifestyle-goals.repository.ts';

export const NO_GOAL = 'Goal not found';
export const STALE_GOAL =
  'This goal was changed in another tab or device. Reload to see the latest, then make your change again.';
export const TOO_MANY_GOALS = `You can have at most ${MAX_GOALS} goals. Delete one you no longer need to add another.`;
export const CORRECTION_NOTE = 'Corrected when editing the goal';
/** The most a goal may hold, the same bound as any one amount the API takes. */
const MAX_BALANCE_CENTS = MAX_DOLLARS * 100;

const pot = new SavingsPot('goal', {
  the: 'the goal',
  holds: 'what this goal holds',
  capacity: 'A goal can hold at most',
});
const subjectOf = (goal: Pick<LifestyleGoalRow, 'id' | 'name'>): PotSubject => ({ id: goal.id, name: goal.name });

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
 * The user's lifestyle savings goals (issue 13): each with its money in a savings pot of the ledger
 * (issue 27: never below $0; the starting amount an opening journal, each deposit and withdrawal a
 * journal), the plan it was set with (for "behind"), and the milestone notifications. Every write to
 * a goal locks its row first (then the ledger locks the accounts) and runs the milestone check in
 * its transaction; a create locks the user, so the limit of 50 holds when creates race.
 */
export class LifestyleGoalsService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;

  constructor(db: Db, clock: Clock, mailer: Mailer) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
  }

  /** The same service on another connection and clock: Home reads every area in its one transaction. */
  on(db: Db, clock: Clock): LifestyleGoalsService {
    return new LifestyleGoalsService(db, clock, this.#mailer);
  }

  /** The user's goals, oldest first (a card does not move when its date changes). */
  async list(userId: string): Promise<LifestyleGoal[]> {
    const today = productToday(this.#clock.now());
    const rows = await listGoals(this.#db, userId);
    const money = await pot.states(this.#db, userId);
    return rows.map((goal) => {
      const held = money.get(goal.id);
      return goalView(goal, held?.balanceCents ?? cents(0), held?.startingCents ?? cents(0), today);
    });
  }

  async get(userId: string, id: string): Promise<LifestyleGoal> {
    if (!isUuid(id)) throw notFound(NO_GOAL);
    const goal = await findGoal(this.#db, userId, id);
    if (!goal) throw notFound(NO_GOAL);
    const state = await pot.state(this.#db, userId, goal.id);
    return goalView(goal, state.balanceCents, state.startingCents, productToday(this.#clock.now()));
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
        { ...fields, targetAmountCents: target, ...plan, milestoneReached: milestone },
        now,
      );
      await pot.setStarting(tx, userId, subjectOf(goal), saved, today, now);
      if (milestone > 0) await this.#announce(tx, userId, goal, milestone, saved, now, mails);
      return goalView(goal, saved, saved, today);
    });
  }

  /**
   * Saves the edit form. `version` must be the one the client read (409 otherwise: a deposit made
   * meanwhile counts as a change, since `saved_amount` would undo it). `saved_amount` is what the goal
   * holds now: while the goal lists no entry it replaces the starting amount (the setup is being
   * fixed, so the plan starts again); once there are entries a difference becomes a correction entry
   * dated today and the plan stays. A change of target, horizon, date or APY starts a new plan today.
   */
  update(userId: string, id: string, body: GoalUpdateInput): Promise<LifestyleGoal> {
    return this.#write(async (tx, now, mails) => {
      if (!isUuid(id)) throw notFound(NO_GOAL);
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
      const state = await pot.state(tx, userId, locked.id);
      const changes: Partial<GoalValues> = { ...fields, targetAmountCents: target };
      let planRestarts =
        target !== locked.targetAmountCents ||
        fields.horizonYears !== locked.horizonYears ||
        fields.targetDate !== locked.targetDate ||
        Number(fields.apyPercent) !== Number(locked.apyPercent);
      const subject = subjectOf({ id: locked.id, name: fields.name });
      if (await pot.hasEntries(tx, userId, state.account?.id)) {
        await pot.correctTo(tx, userId, subject, wanted, today, CORRECTION_NOTE, now);
      } else {
        if (wanted !== state.startingCents) planRestarts = true;
        await pot.setStarting(tx, userId, subject, wanted, productToday(locked.createdAt), now);
      }
      if (planRestarts) Object.assign(changes, planFrom(today, { ...locked, ...changes }, wanted));
      return this.#saveLocked(tx, userId, locked, changes, now, mails);
    });
  }

  /**
   * Deletes the goal (its milestone notifications stay in the bell). Its money leaves the ledger's
   * pots for Outside Helo first, so no figure counts it any more; its journals stay.
   */
  delete(userId: string, id: string): Promise<void> {
    return this.#write(async (tx, now) => {
      if (!isUuid(id)) throw notFound(NO_GOAL);
      const locked = await lockGoal(tx, userId, id);
      if (!locked) throw notFound(NO_GOAL);
      await pot.close(tx, userId, locked.id, productToday(now), now);
      await deleteGoal(tx, userId, locked.id);
    });
  }

  /** Records a deposit or a withdrawal, from or to outside Helo; a withdrawal may not take the goal below $0. */
  addEntry(
    userId: string,
    goalId: string,
    body: EntryInput,
  ): Promise<{ entry: LifestyleGoalEntry; goal: LifestyleGoal }> {
    return this.#write(async (tx, now, mails) => {
      if (!isUuid(goalId)) throw notFound(NO_GOAL);
      checkHappenedDay('date', 'Date', body.date, now);
      const note = body.note?.trim() || null;
      const entry = { kind: body.kind, amountCents: dollarsToCents(body.amount), date: body.date, note };
      const locked = await lockGoal(tx, userId, goalId);
      if (!locked) throw notFound(NO_GOAL);
      const made = await pot.add(tx, userId, subjectOf(locked), entry, now);
      return { entry: made.entry, goal: await this.#saveLocked(tx, userId, locked, {}, now, mails) };
    });
  }

  /** The goal's entries, newest first, a page at a time. */
  async entries(userId: string, goalId: string, cursor: string | undefined, limit: number): Promise<EntriesPage> {
    if (!isUuid(goalId)) throw notFound(NO_GOAL);
    const goal = await findGoal(this.#db, userId, goalId);
    if (!goal) {
      // A bad cursor is named before a missing goal, as before.
      await pot.page(this.#db, userId, undefined, cursor, limit);
      throw notFound(NO_GOAL);
    }
    const state = await pot.state(this.#db, userId, goal.id);
    return pot.page(this.#db, userId, state.account?.id, cursor, limit);
  }

  /**
   * Deletes one entry of the goal (its journal reversed). Deleting a deposit that later withdrawals
   * spent would leave the goal below $0: that is a 409 (delete the withdrawal first).
   */
  deleteEntry(userId: string, goalId: string, entryId: string): Promise<LifestyleGoal> {
    return this.#write(async (tx, now, mails) => {
      if (!isUuid(goalId)) throw notFound(NO_GOAL);
      const locked = await lockGoal(tx, userId, goalId);
      if (!locked) throw notFound(NO_GOAL);
      const state = await pot.state(tx, userId, locked.id);
      await pot.delete(tx, userId, state.account?.id, entryId, now);
      return this.#saveLocked(tx, userId, locked, {}, now, mails);
    });
  }

  /**
   * For the Money Nest (wired in app.ts): before its journal moves money in or out of the goal, the
   * goal's row is locked (the goals' lock order: row, then ledger) and a share past what a goal may
   * hold is refused at `amount`. Undefined when the goal is gone.
   */
  async beforeNestMove(
    tx: Db,
    userId: string,
    goalId: string,
    deltaCents: number,
  ): Promise<{ accountId: string; name: string; subjectId: string } | undefined> {
    const goal = await lockGoal(tx, userId, goalId);
    if (!goal) return undefined;
    const account = await pot.account(tx, userId, subjectOf(goal));
    if (deltaCents > 0 && account.balanceCents + deltaCents > MAX_POT_CENTS) {
      throw invalidField('amount', `A goal can hold at most ${formatCents(MAX_POT_CENTS)}`);
    }
    return { accountId: account.id, name: goal.name, subjectId: goal.id };
  }

  /** For the Money Nest: after its journal, the change counted and the milestone it reached announced. */
  async afterNestMove(tx: Db, userId: string, goalId: string, now: Date, mails: MailMessage[]): Promise<void> {
    const goal = await lockGoal(tx, userId, goalId);
    if (goal) await this.#saveLocked(tx, userId, goal, {}, now, mails);
  }

  /** For the Money Nest's rules and buckets: the user's goals' names by id. */
  async nestNames(db: Db, userId: string): Promise<Map<string, string>> {
    return new Map((await listGoals(db, userId)).map((g) => [g.id, g.name]));
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
   * Ends a write to the locked goal (its money already moved in this transaction): saves the
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
    const target = changes.targetAmountCents ?? locked.targetAmountCents;
    const state = await pot.state(tx, userId, locked.id);
    const saved = state.balanceCents;
    const milestone = milestoneToAnnounce(saved, target, locked.milestoneReached);
    const goal = await updateGoal(
      tx,
      userId,
      locked.id,
      milestone === null ? changes : { ...changes, milestoneReached: milestone },
      now,
    );
    if (milestone !== null) await this.#announce(tx, userId, goal, milestone, saved, now, mails);
    return goalView(goal, saved, state.startingCents, productToday(now));
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
    await announceMilestone(tx, this.#mailer, userId, note, now, mails);
  }
}

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
