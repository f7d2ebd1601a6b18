import { budgetCategories, budgetSettings, userBudgets } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { budgetPeriodRoutes } from './budget-periods.routes.ts';
import { BudgetPeriodsService } from './budget-periods.service.ts';
import { budgetRoutes } from './budgets.routes.ts';
import { BudgetsService } from './budgets.service.ts';
import type { BudgetSpent } from './spent-source.ts';

/**
 * Monthly budgets and their categories (/api/v1/user-budgets), and budgeting by pay period
 * (/api/v1/budgets: settings and a period's figures).
 */
export const budgetsModule = defineModule({
  name: 'budgets',
  // `budgetSpent` is My Wallet's (a module after this one, which imports the budgets): it is looked
  // up when a period is read, by then every service exists (spent-source.ts).
  services: ({ db, clock }, later: { budgetSpent: BudgetSpent }) => ({
    budgets: new BudgetsService(db, clock),
    budgetPeriods: new BudgetPeriodsService(db, clock, (tx, userId, first, next) =>
      later.budgetSpent(tx, userId, first, next),
    ),
  }),
  routes: (_deps, { budgets, budgetPeriods, authenticate }) => [
    routes('/api/v1/user-budgets', budgetRoutes, { service: budgets, authenticate }),
    routes('/api/v1/budgets', budgetPeriodRoutes, { service: budgetPeriods, authenticate }),
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
    {
      name: 'budget_settings',
      table: budgetSettings,
      scope: byUser(budgetSettings.userId),
      withheld: [],
      about:
        'How you budget: by month or by pay period (cadence: how often you are paid), and the categories whose left-over rolls into the next period (from rollover_from).',
      orderBy: [budgetSettings.userId],
    },
  ],
});
