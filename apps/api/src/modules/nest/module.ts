import { nestAccounts, nestRules } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import type { EmergencyFundService } from '../emergency-fund/index.ts';
import type { InvestmentsService } from '../investments/index.ts';
import type { LifestyleGoalsService } from '../lifestyle-goals/index.ts';
import { nestRoutes } from './nest.routes.ts';
import { NestService } from './nest.service.ts';
import type { NestTargets } from './nest-targets.ts';

/** The Money Nest: income recorded and split by the user's rules (/api/v1/nest). */
export const nestModule = defineModule({
  name: 'nest',
  services: (
    { db, clock, mailer },
    s: { fund: EmergencyFundService; goals: LifestyleGoalsService; investments: InvestmentsService },
  ) => ({
    nest: new NestService(db, clock, mailer, nestTargets(s.fund, s.goals, s.investments)),
  }),
  routes: (_deps, { nest, authenticate }) => [routes('/api/v1/nest', nestRoutes, { service: nest, authenticate })],
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
