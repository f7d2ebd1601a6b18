import {
  budgetParams,
  budgetPrefillResponse,
  budgetResponse,
  budgetsResponse,
  createBudgetBody,
  deleteBudgetQuery,
  deleteBudgetResponse,
  updateBudgetBody,
} from '@helo/contract/budgets';
import { errorBody } from '@helo/contract/envelope';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { BudgetsService } from './budgets.service.ts';

/**
 * The user's monthly budgets (decisions.md "Budget Builder", spec `v1/user-budgets`): the list,
 * a new month (optionally a copy of another), changes and deletes by id, and what the setup can
 * prefill. HTTP only; the rules are in the service.
 */
export async function budgetRoutes(
  app: FastifyInstance,
  opts: { service: BudgetsService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['budgets']);

  routes.get(
    '/',
    { summary: "The user's monthly budgets, newest month first", response: { 200: budgetsResponse } },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.get(
    '/prefill',
    {
      summary: "What the budget setup can fill in: the monthly payments of the user's loans",
      response: { 200: budgetPrefillResponse },
    },
    async ({ userId }) => ({ data: await service.prefill(userId) }),
  );

  routes.post(
    '/',
    {
      summary: 'Create the budget of a month (409 when it exists); copy_from starts it as a copy of another month',
      body: createBudgetBody,
      response: { 201: budgetResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Your budget is saved', data: await service.create(userId, body) }),
  );

  routes.put(
    '/:id',
    {
      summary:
        'Change a budget from the version read (409 when stale): categories with an id are kept, new ones created, missing ones deleted',
      params: budgetParams,
      body: updateBudgetBody,
      response: { 200: budgetResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Your budget is saved',
      data: await service.update(userId, params.id, body),
    }),
  );

  routes.delete(
    '/:id',
    {
      summary: 'Delete a budget with its categories (only at the version given, when one is)',
      params: budgetParams,
      querystring: deleteBudgetQuery,
      response: { 200: deleteBudgetResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, query }) => {
      await service.remove(userId, params.id, query.version);
      return { message: 'Your budget is deleted', data: null };
    },
  );
}
