import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  lifestyleGoalAfterEntryDeleteResponse,
  lifestyleGoalBody,
  lifestyleGoalEntriesQuery,
  lifestyleGoalEntriesResponse,
  lifestyleGoalEntryBody,
  lifestyleGoalEntryParams,
  lifestyleGoalEntryResponse,
  lifestyleGoalParams,
  lifestyleGoalResponse,
  lifestyleGoalsResponse,
  lifestyleGoalUpdateBody,
} from '@helo/contract/lifestyle-goals';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { LifestyleGoalsService } from './lifestyle-goals.service.ts';

/**
 * The user's lifestyle savings goals (`v1/user-lifestyle-saving`, issue 13): the goals with their
 * plans, and each goal's ledger of deposits and withdrawals. HTTP only; the rules are in the service.
 */
export async function lifestyleGoalRoutes(
  app: FastifyInstance,
  opts: { service: LifestyleGoalsService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['lifestyle goals']);

  routes.get(
    '/',
    {
      summary: "The user's savings goals, oldest first, each with its plan, projection and status",
      response: { 200: lifestyleGoalsResponse },
    },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.post(
    '/',
    {
      summary: 'Create a goal (at most 50: a 51st is a 409); its plan starts today',
      body: lifestyleGoalBody,
      response: { 201: lifestyleGoalResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Goal created', data: await service.create(userId, body) }),
  );

  routes.get(
    '/:id',
    {
      summary: 'One goal with its plan, projection and status',
      params: lifestyleGoalParams,
      response: { 200: lifestyleGoalResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => ({ data: await service.get(userId, params.id) }),
  );

  routes.put(
    '/:id',
    {
      summary:
        'Change a goal (409 when `version` is stale); saved_amount is what it holds now, a change of target, horizon, date or APY starts a new plan today',
      params: lifestyleGoalParams,
      body: lifestyleGoalUpdateBody,
      response: { 200: lifestyleGoalResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Goal updated',
      data: await service.update(userId, params.id, body),
    }),
  );

  routes.delete(
    '/:id',
    {
      summary: 'Delete a goal and its deposits and withdrawals',
      params: lifestyleGoalParams,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => {
      await service.delete(userId, params.id);
      return { message: 'Goal deleted', data: null };
    },
  );

  routes.get(
    '/:id/entries',
    {
      summary: "A goal's deposits and withdrawals, newest first, a page at a time",
      params: lifestyleGoalParams,
      querystring: lifestyleGoalEntriesQuery,
      response: { 200: lifestyleGoalEntriesResponse, 400: errorBody, 404: errorBody },
    },
    ({ userId, params, query }) => service.entries(userId, params.id, query.cursor, query.limit),
  );

  routes.post(
    '/:id/entries',
    {
      summary: 'Record a deposit or a withdrawal (a withdrawal can not take the goal below $0)',
      params: lifestyleGoalParams,
      body: lifestyleGoalEntryBody,
      response: { 201: lifestyleGoalEntryResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params, body, reply }) => {
      const data = await service.addEntry(userId, params.id, body);
      const message = body.kind === 'deposit' ? 'Deposit recorded' : 'Withdrawal recorded';
      return reply.status(201).send({ message, data });
    },
  );

  routes.delete(
    '/:id/entries/:entryId',
    {
      summary: 'Delete one entry (409 when deleting a deposit would take the goal below $0)',
      params: lifestyleGoalEntryParams,
      response: { 200: lifestyleGoalAfterEntryDeleteResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => ({
      message: 'Entry deleted',
      data: { goal: await service.deleteEntry(userId, params.id, params.entryId) },
    }),
  );
}
