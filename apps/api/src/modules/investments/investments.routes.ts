import { errorBody } from '@helo/contract/envelope';
import {
  investmentAccountBody,
  investmentAccountDeleteQuery,
  investmentAccountParams,
  investmentAccountUpdateBody,
  investmentProfileBody,
  investmentProfileUpdateBody,
  investmentResponse,
} from '@helo/contract/investments';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { InvestmentsService } from './investments.service.ts';

/**
 * The user's investments and retirement profile (`v1/user-investment`, issue 14): the profile,
 * its accounts with their dated balances, and the projection. Every write answers the whole
 * profile as it now stands. HTTP only; the rules are in the service.
 */
export async function investmentRoutes(
  app: FastifyInstance,
  opts: { service: InvestmentsService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['investments']);

  routes.get(
    '/',
    {
      summary:
        "The user's investment profile with its accounts, snapshots and retirement projection (404 'No investment profile yet' before setup)",
      response: { 200: investmentResponse, 404: errorBody },
    },
    async ({ userId }) => ({ data: await service.get(userId) }),
  );

  routes.post(
    '/',
    {
      summary: 'Set up the profile with its first accounts (1 to 30; one profile per user: 409 when it exists)',
      body: investmentProfileBody,
      response: { 201: investmentResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Retirement plan saved', data: await service.create(userId, body) }),
  );

  routes.put(
    '/',
    {
      summary: "Change the profile's birth year, retirement age and inflation (409 when `version` is stale)",
      body: investmentProfileUpdateBody,
      response: { 200: investmentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Retirement plan updated', data: await service.update(userId, body) }),
  );

  routes.post(
    '/accounts',
    {
      summary: 'Add an account (at most 30: a 31st is a 409); its balance is recorded for today or `balance_on`',
      body: investmentAccountBody,
      response: { 201: investmentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Account added', data: await service.addAccount(userId, body) }),
  );

  routes.put(
    '/accounts/:id',
    {
      summary:
        "Change an account (409 when `version` is stale); a new balance, or any `balance_on`, records that day's snapshot",
      params: investmentAccountParams,
      body: investmentAccountUpdateBody,
      response: { 200: investmentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Account updated',
      data: await service.updateAccount(userId, params.id, body),
    }),
  );

  routes.delete(
    '/accounts/:id',
    {
      summary: 'Delete an account with its snapshots (only at the version given, when one is)',
      params: investmentAccountParams,
      querystring: investmentAccountDeleteQuery,
      response: { 200: investmentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, query }) => ({
      message: 'Account deleted',
      data: await service.deleteAccount(userId, params.id, query.version),
    }),
  );
}
