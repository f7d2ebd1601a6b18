import { errorBody } from '@helo/contract/envelope';
import {
  forecastQuery,
  forecastResponse,
  forecastSettingsBody,
  forecastSettingsResponse,
} from '@helo/contract/forecast';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { ForecastService } from './forecast.service.ts';

export async function forecastRoutes(
  app: FastifyInstance,
  opts: { service: ForecastService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['forecast']);

  routes.get(
    '/',
    {
      summary: "Each account's and the total's balance for every day of the next days (1–90)",
      querystring: forecastQuery,
      response: { 200: forecastResponse, 400: errorBody },
    },
    async ({ userId, query }) => ({ data: await service.get(userId, query.days) }),
  );

  routes.get(
    '/settings',
    { summary: "The forecast's floor", response: { 200: forecastSettingsResponse } },
    async ({ userId }) => ({ data: await service.settings(userId) }),
  );

  routes.put(
    '/settings',
    {
      summary: "Save the forecast's floor (the alert's threshold), for all accounts or one",
      body: forecastSettingsBody,
      response: { 200: forecastSettingsResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Your floor is saved', data: await service.saveSettings(userId, body) }),
  );
}
