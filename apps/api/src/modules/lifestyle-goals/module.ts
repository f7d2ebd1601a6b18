import { lifestyleGoals } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { lifestyleGoalRoutes } from './lifestyle-goals.routes.ts';
import { LifestyleGoalsService } from './lifestyle-goals.service.ts';

/** Savings goals and their entries (/api/v1/user-lifestyle-saving). */
export const lifestyleGoalsModule = defineModule({
  name: 'lifestyle-goals',
  services: ({ db, clock, mailer }) => ({ goals: new LifestyleGoalsService(db, clock, mailer) }),
  routes: (_deps, { goals, authenticate }) => [
    routes('/api/v1/user-lifestyle-saving', lifestyleGoalRoutes, { service: goals, authenticate }),
  ],
  userTables: [
    {
      name: 'lifestyle_goals',
      table: lifestyleGoals,
      scope: byUser(lifestyleGoals.userId),
      withheld: [],
      about: 'Your savings goals and the plan each was set with.',
      orderBy: [lifestyleGoals.createdAt, lifestyleGoals.id],
    },
  ],
});
