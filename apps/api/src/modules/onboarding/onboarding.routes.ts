import { errorBody } from '@helo/contract/envelope';
import { saveGoalsBody, saveGoalsResponse } from '@helo/contract/onboarding';
import type { Db } from '@helo/db/client';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { fieldError } from '../../lib/field-errors.ts';
import { badRequest } from '../../lib/http-error.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { knownGoalIds, listUserGoalIds, replaceUserGoals } from './onboarding.repository.ts';

export async function onboardingRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; authenticate: preHandlerAsyncHookHandler },
) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/goals',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Save the goals picked during onboarding (replaces the user's list)",
        security: [{ bearerAuth: [] }],
        body: saveGoalsBody,
        response: { 200: saveGoalsResponse, 400: errorBody, 401: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const ids = [...new Set(request.body.goal_ids)];
      const known = await knownGoalIds(opts.db, ids);
      const index = request.body.goal_ids.findIndex((id) => !known.has(id));
      if (index >= 0) {
        const message = `Unknown goal id ${request.body.goal_ids[index]}`;
        throw badRequest(message, fieldError(`goal_ids.${index}`, message));
      }
      await replaceUserGoals(opts.db, userId, ids, opts.clock.now());
      return { message: 'Your goals are saved', data: { goal_ids: await listUserGoalIds(opts.db, userId) } };
    },
  );
}
