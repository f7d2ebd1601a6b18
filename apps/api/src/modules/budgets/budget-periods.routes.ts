import {
  budgetPeriodQuery,
  budgetPeriodResponse,
  budgetSettingsBody,
  budgetSettingsResponse,
} from '@helo/contract/budgets';
import { errorBody } from '@helo/contract/envelope';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { BudgetPeriodsService } from './budget-periods.service.ts';

/**
 * Budgets by pay period (/v1/budgets; decisions.md "Budgets by pay period"): month or pay period,
 * the categories that roll over, and a period's planned, rolled over, spent and left. The monthly
 * budgets themselves stay at /v1/user-budgets, unchanged. HTTP only; the rules are in the service.
 */
export async function budgetPeriodRoutes(
  app: FastifyInstance,
  opts: { service: BudgetPeriodsService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['budgets']);

  routes.get(
    '/settings',
    {
      summary: 'How the user budgets: by month (the default) or by pay period, and which categories roll over',
      response: { 200: budgetSettingsResponse },
    },
    async ({ userId }) => ({ data: await service.settings(userId) }),
  );

  routes.put(
    '/settings',
    {
      summary: 'Budget by month or by pay period (with how often the user is paid), and the categories that roll over',
      body: budgetSettingsBody,
      response: { 200: budgetSettingsResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body }) => ({
      message: 'Your budget settings are saved',
      data: await service.saveSettings(userId, body),
    }),
  );

  routes.get(
    '/period',
    {
      summary:
        "The budget period holding a day (today without one): each category's planned share, what rolled over, spent and left",
      querystring: budgetPeriodQuery,
      response: { 200: budgetPeriodResponse, 400: errorBody },
    },
    async ({ userId, query }) => ({ data: await service.period(userId, query.date) }),
  );
}
