import { loanPlans } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { loanPlanRoutes } from './loan-plan.routes.ts';
import { LoanPlanService } from './loan-plan.service.ts';

/** The extra amount a month the payoff plans on My Loans are worked out with (/api/v1/loan-plan). */
export const loanPlanModule = defineModule({
  name: 'loan-plan',
  services: ({ db, clock }) => ({ loanPlan: new LoanPlanService(db, clock) }),
  routes: (_deps, { loanPlan, authenticate }) => [
    routes('/api/v1/loan-plan', loanPlanRoutes, { service: loanPlan, authenticate }),
  ],
  userTables: [
    {
      name: 'loan_plans',
      table: loanPlans,
      scope: byUser(loanPlans.userId),
      withheld: [],
      about: 'The extra amount a month (cents) your payoff plans on My Loans were last worked out with.',
      orderBy: [loanPlans.userId],
    },
  ],
});
