import { errorBody } from '@helo/contract/envelope';
import { feedbackBody, feedbackResponse } from '@helo/contract/feedback';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { limitPerIpAndAccount } from '../../plugins/rate-limits.ts';
import type { FeedbackService } from './feedback.service.ts';

/**
 * The feedback screen's answers, open to everyone, so a plain route (not `signedInRoutes`):
 * `identify` remembers who sent them when someone is signed in, without refusing anyone.
 */
export async function feedbackRoutes(
  app: FastifyInstance,
  opts: { service: FeedbackService; config: AppConfig; identify: preHandlerAsyncHookHandler },
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
      const id = await opts.service.send(request.auth?.userId ?? null, request.body.answers, request.body.comment);
      return reply.status(201).send({ message: 'Thank you for your feedback!', data: { id } });
    },
  );
}
