import { healthResponse } from '@helo/contract/health';
import type { Database } from '@helo/db/client';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];
  r.get('/live', { schema: { tags, summary: 'The process is up', response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));
  r.get(
    '/ready',
    {
      schema: {
        tags,
        summary: 'The database answers and is migrated',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const ready = await opts.database.ready();
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );
}
