import { budgetCategories, userBudgets } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { budgetRoutes } from './budgets.routes.ts';
import { BudgetsService } from './budgets.service.ts';

/** Monthly budgets and their categories (/api/v1/user-budgets). */
export const budgetsModule = defineModule({
  name: 'budgets',
  services: ({ db, clock }) => ({ budgets: new BudgetsService(db, clock) }),
  routes: (_deps, { budgets, authenticate }) => [
    routes('/api/v1/user-budgets', budgetRoutes, { service: budgets, authenticate }),
  ],
  userTables: [
    {
      name: 'user_budgets',
      table: userBudgets,
      scope: byUser(userBudgets.userId),
      withheld: [],
      about: 'Your monthly budgets: the month and the net income planned.',
      orderBy: [userBudgets.month, userBudgets.id],
    },
    {
      name: 'budget_categories',
      table: budgetCategories,
      scope: byUser(budgetCategories.userId),
      withheld: [],
      about: "Each budget's categories (budget_id: the row of user_budgets) and what was planned for them.",
      orderBy: [budgetCategories.budgetId, budgetCategories.position],
    },
  ],
});
