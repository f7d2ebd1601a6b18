import type { Db } from '@helo/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { Mailer } from '../../mail/mailer.ts';
import { LoanBucketService } from './loan-bucket.service.ts';
import { NestService } from './nest.service.ts';
import type { NestIncome, NestIncomeSchedule } from './nest-income.ts';
import type { NestTarget } from './nest-targets.ts';

/** A target the loan bucket's tests never send money to (their rules name the Wallet and Loan payments only). */
const none: NestTarget = {
  before: () => Promise.reject(new Error('the loan bucket tests use no fund, goal or investment rules')),
  after: () => Promise.resolve(),
  names: () => Promise.resolve(new Map()),
};

/** A fake of the recurring series' paydays: `userId`'s incomes given, between the dates asked; nobody else has any. */
export const fakeSchedule = (userId: string, incomes: readonly NestIncome[]): NestIncomeSchedule => ({
  nestIncome: async (_db, user, from, to) =>
    user === userId ? incomes.filter((i) => i.date >= from && i.date <= to) : [],
});

/** The loan bucket's service on the test app's database and clock, with `schedule` as the paydays. */
export function loanBucketWith(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }, schedule: NestIncomeSchedule) {
  const mailer = new Mailer(undefined, deps.clock, deps.log, false);
  const nest = new NestService(deps.db, deps.clock, mailer, { emergency_fund: none, goal: none, investment: none });
  return new LoanBucketService(deps.db, deps.clock, mailer, nest, schedule);
}
