import type { LoanPlan, LoanPlanBody } from '@helo/contract/user-debts';
import type { Db } from '@helo/db/client';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import type { Clock } from '../../lib/clock.ts';
import { findLoanPlan, upsertLoanPlan } from './loan-plan.repository.ts';

const toPlan = (extraMonthlyCents: Cents): LoanPlan => ({ extra_monthly: centsToDollars(extraMonthlyCents) });

/**
 * What the payoff plans on My Loans were last worked out with (issue 25): the "Extra each month",
 * kept per user on the server so it follows them to the next visit and to another device.
 */
export class LoanPlanService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** $0 until the user changes it. */
  async get(userId: string): Promise<LoanPlan> {
    const row = await findLoanPlan(this.#db, userId);
    return toPlan(row?.extraMonthlyCents ?? cents(0));
  }

  /** Replaces the extra amount; the last save wins (a single figure has nothing to merge). */
  async save(userId: string, body: LoanPlanBody): Promise<LoanPlan> {
    const row = await upsertLoanPlan(this.#db, userId, dollarsToCents(body.extra_monthly), this.#clock.now());
    return toPlan(row.extraMonthlyCents);
  }
}
