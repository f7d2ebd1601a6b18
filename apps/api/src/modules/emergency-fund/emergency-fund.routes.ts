import {
  emergencyFundAfterDeleteResponse,
  emergencyFundBody,
  emergencyFundEntriesQuery,
  emergencyFundEntriesResponse,
  emergencyFundEntryBody,
  emergencyFundEntryParams,
  emergencyFundEntryResponse,
  emergencyFundResponse,
} from '@helo/contract/emergency-fund';
import { errorBody } from '@helo/contract/envelope';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { EmergencyFundService } from './emergency-fund.service.ts';

/** Spec §8: the setup wizard shows this message as its success toast. */
export const CREATED_MESSAGE = 'Emergency Fund created successfully';

/**
 * The user's emergency fund (spec "Emergency fund onboarding", issue 12): the setup answers with
 * the plan, and the ledger of deposits and withdrawals. HTTP only; the rules are in the service.
 */
export async function emergencyFundRoutes(
  app: FastifyInstance,
  opts: { service: EmergencyFundService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['emergency fund']);

  routes.get(
    '/',
    {
      summary: "The user's emergency fund with its plan (404 'No emergency fund yet' before setup)",
      response: { 200: emergencyFundResponse, 404: errorBody },
    },
    async ({ userId }) => ({ data: await service.get(userId) }),
  );

  routes.post(
    '/',
    {
      summary: 'Set up the emergency fund (one per user: 409 when it exists)',
      body: emergencyFundBody,
      response: { 201: emergencyFundResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: CREATED_MESSAGE, data: await service.create(userId, body) }),
  );

  routes.put(
    '/',
    {
      summary:
        'Change the setup answers; saved_amount is what the fund holds now (a correction entry records a difference once the ledger has entries)',
      body: emergencyFundBody,
      response: { 200: emergencyFundResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Emergency fund updated', data: await service.update(userId, body) }),
  );

  routes.get(
    '/entries',
    {
      summary: "The fund's deposits and withdrawals, newest first, a page at a time",
      querystring: emergencyFundEntriesQuery,
      response: { 200: emergencyFundEntriesResponse, 400: errorBody, 404: errorBody },
    },
    ({ userId, query }) => service.entries(userId, query.cursor, query.limit),
  );

  routes.post(
    '/entries',
    {
      summary: 'Record a deposit or a withdrawal (a withdrawal can not take the fund below $0)',
      body: emergencyFundEntryBody,
      response: { 201: emergencyFundEntryResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, body, reply }) => {
      const data = await service.addEntry(userId, body);
      const message = body.kind === 'deposit' ? 'Deposit recorded' : 'Withdrawal recorded';
      return reply.status(201).send({ message, data });
    },
  );

  routes.delete(
    '/entries/:id',
    {
      summary: 'Delete one entry (409 when deleting a deposit would take the fund below $0)',
      params: emergencyFundEntryParams,
      response: { 200: emergencyFundAfterDeleteResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => ({
      message: 'Entry deleted',
      data: { fund: await service.deleteEntry(userId, params.id) },
    }),
  );
}
