import { homeResponse } from '@helo/contract/home';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { HomeService } from './home.service.ts';

/**
 * Home (issue 17, decisions.md "Vault, tools waitlist and Home"): one request for the whole
 * `/dashboard/home` page. HTTP only; the figures are the service's.
 */
export async function homeRoutes(
  app: FastifyInstance,
  opts: { service: HomeService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['home']);

  routes.get(
    '/',
    {
      summary:
        "Every area's headline figures for the Home page in one answer (an area not set up is null), with the latest three notifications",
      response: { 200: homeResponse },
    },
    async ({ userId }) => ({ data: await service.home(userId) }),
  );
}
