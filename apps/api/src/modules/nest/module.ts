import { nestAccounts, nestRules } from '@helo/db/schema';
import { byUser, defineModule, job, routes } from '../../api-module.ts';
import type { EmergencyFundService } from '../emergency-fund/index.ts';
import type { InvestmentsService } from '../investments/index.ts';
import type { LifestyleGoalsService } from '../lifestyle-goals/index.ts';
import { LoanBucketService, type PaydaysResult } from './loan-bucket.service.ts';
import { nestRoutes } from './nest.routes.ts';
import { NestService } from './nest.service.ts';
import { type NestIncomeSchedule, NO_NEST_INCOME } from './nest-income.ts';
import type { NestTargets } from './nest-targets.ts';

export const NEST_PAYDAYS_QUEUE = 'nest-paydays';

/**
 * The paydays of the incomes that go through the Nest (issue 30): the service `nestIncomeSchedule`
 * of a module before the Nest (the recurring series: anything with their `nestIncome`), typed by the
 * Nest's own narrow interface so the Nest imports nothing of it (the recurring module may import the
 * Nest to record a deposit). Without one, no user has paydays and the bucket is filled by the "$X to
 * Loan payments" rule as before.
 */
const scheduleOf = (s: object): NestIncomeSchedule =>
  'nestIncomeSchedule' in s ? (s.nestIncomeSchedule as NestIncomeSchedule) : NO_NEST_INCOME;

/** The Money Nest: income recorded and split by the user's rules (/api/v1/nest). */
export const nestModule = defineModule({
  name: 'nest',
  services: (
    { db, clock, mailer },
    s: { fund: EmergencyFundService; goals: LifestyleGoalsService; investments: InvestmentsService },
  ) => {
    const nest = new NestService(db, clock, mailer, nestTargets(s.fund, s.goals, s.investments));
    return { nest, loanBucket: new LoanBucketService(db, clock, mailer, nest, scheduleOf(s)) };
  },
  routes: (_deps, { nest, loanBucket, authenticate }) => [
    routes('/api/v1/nest', nestRoutes, { service: nest, loanBucket, authenticate }),
  ],
  jobs: (_deps, { loanBucket }) => [
    // Every day after midnight in New York: paydays recorded ("record it for me"), the loans' halves
    // pulled into Loan payments, last month's interest posted. The loans' hourly job pays them.
    job<PaydaysResult>({
      queue: NEST_PAYDAYS_QUEUE,
      cron: '20 5 * * *',
      run: () => loanBucket.runDay(),
      atStart: true,
      report: (done, log) => {
        if (done.recorded + done.pulled + done.interest > 0) log.info(done, 'nest paydays done');
      },
    }),
  ],
  userTables: [
    {
      name: 'nest_accounts',
      table: nestAccounts,
      scope: byUser(nestAccounts.userId),
      withheld: [],
      about: 'Your Money Nest: when it was turned on, and the version of its allocation rules.',
      orderBy: [nestAccounts.userId],
    },
    {
      name: 'nest_rules',
      table: nestRules,
      scope: byUser(nestRules.userId),
      withheld: [],
      about: "The Money Nest's allocation rules in your order (percent_basis_points: 1,250 is 12.5 %).",
      orderBy: [nestRules.position, nestRules.id],
    },
  ],
});

/**
 * What the Money Nest may do with the fund's, the goals' and the investment accounts' areas: lock one
 * before its journal posts to its account, tell it after (versions, milestones), and list the targets
 * a rule may name. Only this wiring names them: the Nest's own files import none of them.
 */
function nestTargets(
  fund: EmergencyFundService,
  goals: LifestyleGoalsService,
  investments: InvestmentsService,
): NestTargets {
  return {
    emergency_fund: {
      before: (tx, userId, _id, delta) => fund.beforeNestMove(tx, userId, delta),
      after: (tx, userId, _id, now, mails) => fund.afterNestMove(tx, userId, now, mails),
      names: (db, userId) => fund.nestNames(db, userId),
    },
    goal: {
      before: async (tx, userId, id, delta) => (id ? goals.beforeNestMove(tx, userId, id, delta) : undefined),
      after: async (tx, userId, id, now, mails) => {
        if (id) await goals.afterNestMove(tx, userId, id, now, mails);
      },
      names: (db, userId) => goals.nestNames(db, userId),
    },
    investment: {
      before: async (tx, userId, id, delta) => (id ? investments.beforeNestMove(tx, userId, id, delta) : undefined),
      after: async (tx, userId, id, now) => {
        if (id) await investments.afterNestMove(tx, userId, id, now);
      },
      names: (db, userId) => investments.nestNames(db, userId),
    },
  };
}
