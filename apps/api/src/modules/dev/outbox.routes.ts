import { messageOnly } from '@helo/contract/envelope';
import { text } from '@helo/contract/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDirectLocalClient } from '../../lib/local-client.ts';
import type { DevOutboxService } from './outbox.service.ts';

const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});

/**
 * Outside production only: the mail the app wrote, newest first, so people and tests can follow links.
 * The links carry password-reset tokens, so the route answers only a client on this machine talking
 * to us directly (anyone else gets the same 404 as an unknown route) and stays out of the public
 * OpenAPI document.
 */
export async function devOutboxRoutes(app: FastifyInstance, opts: { service: DevOutboxService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/outbox',
    {
      onRequest: async (request, reply) => {
        if (isDirectLocalClient(request)) return;
        // Word for word what an unknown route answers, so nobody outside learns the route exists.
        return reply.status(404).send({ message: `No route for GET ${request.url.split('?')[0]}`, data: null });
      },
      schema: {
        hide: true,
        tags: ['development'],
        summary: 'Mail written to the outbox (not in production)',
        querystring: z.object({
          to: text('to').max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ data: z.array(outboxItem) }), 404: messageOnly },
      },
    },
    async (request) => ({ data: await opts.service.list(request.query.to, request.query.limit) }),
  );
}
