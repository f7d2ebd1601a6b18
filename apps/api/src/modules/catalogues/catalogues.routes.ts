import { debtsResponse, goalsResponse } from '@helo/contract/catalogues';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueService } from './catalogues.service.ts';

/** Public product catalogues: the app loads both on start, signed in or not (plain routes). */
export async function catalogueRoutes(app: FastifyInstance, opts: { service: CatalogueService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const tags = ['catalogues'];

  r.get(
    '/goals',
    { schema: { tags, summary: 'The onboarding goals', response: { 200: goalsResponse } } },
    async () => ({
      data: await service.goals(),
    }),
  );

  r.get('/debts', { schema: { tags, summary: 'The debt types', response: { 200: debtsResponse } } }, async () => ({
    data: await service.debts(),
  }));

  r.get(
    '/debts/images/:file',
    {
      // The artwork is the same for everyone, so browsers and proxies may keep it (plugins/cache-control.ts).
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'Artwork of a debt type (SVG)',
        params: z.object({ file: z.string().regex(/^[a-z-]+\.svg$/, 'Unknown image') }),
      },
    },
    async (request, reply) => {
      const svg = await service.debtImage(request.params.file);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
