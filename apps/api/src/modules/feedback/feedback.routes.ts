import { errorBody } from '@helo/contract/envelope';
import { feedbackBody, feedbackResponse } from '@helo/contract/feedback';
import type { Db } from '@helo/db/client';
import { feedback } from '@helo/db/schema';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';

/** The feedback screen's answers, open to everyone; stored with the user when one is signed in. */
export async function feedbackRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; config: AppConfig; identify: preHandlerAsyncHookHandler },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send the answers of the feedback screen',
        body: feedbackBody,
        response: { 201: feedbackResponse, 400: errorBody, 429: errorBody },
      },
      preHandler: [
        opts.identify,
        limitPerIpAndAccount(app, 'feedback', opts.config.rateLimits.feedback, (r) => r.auth?.userId),
      ],
    },
    async (request, reply) => {
      const [row] = await opts.db
        .insert(feedback)
        .values({
          userId: request.auth?.userId ?? null,
          answers: request.body.answers as number[],
          comment: request.body.comment,
          createdAt: opts.clock.now(),
        })
        .returning({ id: feedback.id });
      return reply.status(201).send({ message: 'Thank you for your feedback!', data: { id: row?.id ?? '' } });
    },
  );
}
