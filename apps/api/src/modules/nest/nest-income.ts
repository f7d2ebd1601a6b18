import type { Db } from '@helo/db/client';

/** A payday: one date a recurring income that goes through the Money Nest falls due. */
export interface NestIncome {
  seriesId: string;
  name: string;
  date: string;
  amountCents: number;
  /** Recorded on its date even when no bank row arrives ("record it for me"). */
  recordForMe: boolean;
  accountId: string;
}

/**
 * What the Money Nest needs of the recurring series (issue 30): the dates, between `from` and `to`
 * (both included), on which the user's incomes marked "through the Nest" fall due. The recurring
 * module implements it (`nestIncome`) and app assembly hands it to the Nest, so the Nest imports none
 * of it (as `NestTargets`).
 */
export interface NestIncomeSchedule {
  nestIncome(
    db: Db,
    userId: string,
    from: string,
    to: string,
  ): Promise<
    { seriesId: string; name: string; date: string; amountCents: number; recordForMe: boolean; accountId: string }[]
  >;
}

/** No schedule: no paydays (the Nest's "$X to Loan payments" rule fills the bucket, as before issue 30). */
export const NO_NEST_INCOME: NestIncomeSchedule = { nestIncome: async () => [] };
