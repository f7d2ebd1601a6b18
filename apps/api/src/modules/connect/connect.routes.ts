import { connectBody, connectResponse } from '@helo/contract/connect';
import { errorBody } from '@helo/contract/envelope';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { ConnectService } from './connect.service.ts';

/**
 * "Connect with an Advisor" (spec §7 `v1/user-connect`): the user's request to be put in touch with
 * financial professionals. The client creates it or updates it by what GET said. HTTP only.
 */
export async function connectRoutes(
  app: FastifyInstance,
  opts: { service: ConnectService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['advisor connect']);

  routes.get(
    '/',
    {
      summary: "The user's advisor request (404 'No advisor request yet' before the first one)",
      response: { 200: connectResponse, 404: errorBody },
    },
    async ({ userId }) => ({ data: await service.get(userId) }),
  );

  routes.post(
    '/',
    {
      summary: 'Send the advisor request (one per user: 409 when it exists); tells the user and mails the support team',
      body: connectBody,
      response: { 201: connectResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Your request has been sent', data: await service.create(userId, body) }),
  );

  routes.put(
    '/',
    {
      summary: 'Change the advisor request (404 when there is none); tells the user and mails the support team',
      body: connectBody,
      response: { 200: connectResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, body }) => ({
      message: 'Your request has been updated',
      data: await service.update(userId, body),
    }),
  );
}
