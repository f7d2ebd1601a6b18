import {
  bankConnectionBody,
  bankConnectionParams,
  bankConnectionResponse,
  bankConnectionsResponse,
  bankMappingBody,
  bankSyncResponse,
} from '@helo/contract/bank-connections';
import { errorBody, messageOnly } from '@helo/contract/envelope';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';
import type { BankConnectionsService } from './bank-connections.service.ts';

/**
 * Bank connections (issue 28 item 3): connect with a setup token, map the bank's accounts, sync,
 * disconnect. HTTP only; the rules are in the service. No answer carries the credential.
 */
export async function bankConnectionRoutes(
  app: FastifyInstance,
  opts: {
    service: BankConnectionsService;
    authenticate: preHandlerAsyncHookHandler;
    syncLimit: AppConfig['rateLimits']['bankSync'];
  },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['bank-connections']);

  routes.get(
    '/',
    {
      summary: "The user's bank connections with their bank accounts, balances, last sync and error",
      response: { 200: bankConnectionsResponse },
    },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.post(
    '/',
    {
      summary:
        "Connect a bank: claims the SimpleFIN setup token's access (400 at setup_token when it is not one, was used, or names a server Helo may not call) and lists the bank's accounts",
      body: bankConnectionBody,
      response: { 201: bankConnectionResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Bank connected', data: await service.create(userId, body) }),
  );

  routes.put(
    '/:id/accounts',
    {
      summary:
        'Where each bank account syncs to: one of your accounts (its id), a new one ({ create: { name } }) or nowhere (null)',
      params: bankConnectionParams,
      body: bankMappingBody,
      response: { 200: bankConnectionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Accounts saved',
      data: await service.map(userId, params.id, body),
    }),
  );

  routes.post(
    '/:id/sync',
    {
      summary:
        "Sync now: the mapped accounts' new transactions and every account's balance; a failure is kept on the connection (its status and error)",
      params: bankConnectionParams,
      response: { 200: bankSyncResponse, 404: errorBody, 429: errorBody },
    },
    async ({ userId, params }) => {
      const { message, ...data } = await service.sync(userId, params.id);
      return { message, data };
    },
    // Counted per connection: each "Sync now" is a call on the user's SimpleFIN quota.
    { preHandler: [limitPerIpAndAccount(app, 'bank-sync', opts.syncLimit, syncKey)] },
  );

  routes.delete(
    '/:id',
    {
      summary: 'Disconnect: the credential is deleted; the transactions already imported stay',
      params: bankConnectionParams,
      response: { 200: messageOnly, 404: errorBody },
    },
    async ({ userId, params }) => {
      await service.remove(userId, params.id);
      return { message: 'Bank disconnected', data: null };
    },
  );
}

/** The connection a "Sync now" is about, under its user (another user's id is their own counter). */
function syncKey(request: FastifyRequest): string | undefined {
  const id = (request.params as { id?: unknown }).id;
  return request.auth && typeof id === 'string' ? `${request.auth.userId}:${id.slice(0, 64)}` : undefined;
}
