import { errorBody } from '@helo/contract/envelope';
import { loanPlanBody, loanPlanResponse } from '@helo/contract/user-debts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { LoanPlanService } from './loan-plan.service.ts';

/** The payoff plans' settings of the user's loans (beyond the spec; issue 25): the extra each month. */
export async function loanPlanRoutes(
  app: FastifyInstance,
  opts: { service: LoanPlanService; authenticate: preHandlerAsyncHookHandler },
) {
  const routes = signedInRoutes(app, opts.authenticate, ['loans']);

  routes.get(
    '/',
    {
      summary: 'The extra amount a month the payoff plans were last worked out with ($0 until changed)',
      response: { 200: loanPlanResponse },
    },
    async ({ userId }) => ({ message: 'Your payoff plan', data: await opts.service.get(userId) }),
  );

  routes.put(
    '/',
    {
      summary: 'Keep the extra amount a month for the payoff plans',
      body: loanPlanBody,
      response: { 200: loanPlanResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Extra each month saved', data: await opts.service.save(userId, body) }),
  );
}
