import {
  accountBody,
  accountDeleteQuery,
  accountParams,
  accountResponse,
  accountsResponse,
  accountUpdateBody,
} from '@helo/contract/accounts';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { AccountsService } from './accounts.service.ts';

/**
 * The user's accounts (issue 27; decisions.md "Accounts and the Wallet on the ledger"): checking,
 * savings, credit cards and cash, with their balances from the ledger. HTTP only; the rules are in the service.
 */
export async function accountsRoutes(
  app: FastifyInstance,
  opts: { service: AccountsService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['accounts']);

  routes.get(
    '/',
    {
      summary:
        "The user's open accounts with their balances, oldest first (the Wallet first); none before the Money Nest is active",
      response: { 200: accountsResponse },
    },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.post(
    '/',
    {
      summary:
        'Add an account with its opening balance (409 before the Money Nest is active, or past 50 accounts; 400 naming a name already used)',
      body: accountBody,
      response: { 201: accountResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Account added', data: await service.create(userId, body) }),
  );

  routes.put(
    '/:id',
    {
      summary: 'Save an account from the version read (409 when stale); its kind cannot change',
      params: accountParams,
      body: accountUpdateBody,
      response: { 200: accountResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Account saved',
      data: await service.update(userId, params.id, body),
    }),
  );

  routes.delete(
    '/:id',
    {
      summary:
        'Delete an account: one with transactions moves them to `move_to` first (409 without it); one with history is closed, not erased; the Wallet stays (409)',
      params: accountParams,
      querystring: accountDeleteQuery,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, query }) => {
      await service.delete(userId, params.id, query.move_to);
      return { message: 'Account deleted', data: null };
    },
  );
}
