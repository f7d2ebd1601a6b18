import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  acceptSuggestionBody,
  calendarQuery,
  calendarResponse,
  recurringBody,
  recurringListResponse,
  recurringParams,
  recurringResponse,
  recurringSuggestionsResponse,
  recurringUpdateBody,
  suggestionParams,
} from '@helo/contract/recurring';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { RecurringService } from './recurring.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/** Recurring series, the ones found in the history, and the bills calendar (issue 30 items 1 and 2). */
export async function recurringRoutes(
  app: FastifyInstance,
  opts: { service: RecurringService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['recurring']);

  routes.get(
    '/',
    { summary: "The user's recurring series, oldest first", response: { 200: recurringListResponse } },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.post(
    '/',
    {
      summary: 'Add a recurring series by hand (the transactions of its history are matched to it)',
      body: recurringBody,
      response: { 201: recurringResponse, ...errors },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Recurring series added', data: await service.create(userId, body) }),
  );

  routes.get(
    '/suggestions',
    {
      summary: 'Series found in the history, to confirm or dismiss',
      response: { 200: recurringSuggestionsResponse },
    },
    async ({ userId }) => ({ data: await service.suggestions(userId) }),
  );

  routes.post(
    '/suggestions/:id/accept',
    {
      summary: 'Confirm a found series (with changes): it becomes a series, its transactions its payments',
      params: suggestionParams,
      body: acceptSuggestionBody,
      response: { 201: recurringResponse, ...errors },
    },
    async ({ userId, params, body, reply }) =>
      reply
        .status(201)
        .send({ message: 'Recurring series added', data: await service.accept(userId, params.id, body) }),
  );

  routes.post(
    '/suggestions/:id/dismiss',
    {
      summary: 'Dismiss a found series: it is not offered again',
      params: suggestionParams,
      response: { 200: messageOnly, ...errors },
    },
    async ({ userId, params }) => {
      await service.dismiss(userId, params.id);
      return { message: 'Suggestion dismissed', data: null };
    },
  );

  routes.get(
    '/calendar',
    {
      summary: 'Each due date of the series in a window (default: today and the next 60 days), paid or not',
      querystring: calendarQuery,
      response: { 200: calendarResponse, 400: errorBody },
    },
    async ({ userId, query }) => ({ data: await service.calendar(userId, query) }),
  );

  routes.put(
    '/:id',
    {
      summary: 'Change a series, when the version sent is still the saved one',
      params: recurringParams,
      body: recurringUpdateBody,
      response: { 200: recurringResponse, ...errors },
    },
    async ({ userId, params, body }) => ({
      message: 'Recurring series saved',
      data: await service.update(userId, params.id, body),
    }),
  );

  routes.delete(
    '/:id',
    {
      summary: 'Delete a series (its payments stay in My Wallet)',
      params: recurringParams,
      response: { 200: messageOnly, 404: errorBody },
    },
    async ({ userId, params }) => {
      await service.remove(userId, params.id);
      return { message: 'Recurring series deleted', data: null };
    },
  );
}
