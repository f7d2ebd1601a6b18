import { readFile } from 'node:fs/promises';
import { debtsResponse, goalsResponse } from '@helo/contract/catalogues';
import type { Db } from '@helo/db/client';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { listDebts, listGoals } from './catalogues.repository.ts';

const IMAGES = new URL('./images/', import.meta.url);
export const debtImagePath = (slug: string) => `/api/v1/debts/images/${slug}.svg`;

/** Public product catalogues: the app loads both on start, signed in or not. */
export async function catalogueRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogues'];

  r.get('/goals', { schema: { tags, summary: 'The onboarding goals', response: { 200: goalsResponse } } }, async () => {
    const rows = await listGoals(opts.db);
    return { data: rows.map((g) => ({ id: g.id, slug: g.slug, goal_name: g.goalName, description: g.description })) };
  });

  r.get('/debts', { schema: { tags, summary: 'The debt types', response: { 200: debtsResponse } } }, async () => {
    const rows = await listDebts(opts.db);
    return { data: rows.map((d) => ({ id: d.id, debt_name: d.debtName, image_url: debtImagePath(d.slug) })) };
  });

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
      // The name is checked against the catalogue, so no path outside the folder can be asked for.
      const slugs = new Set((await listDebts(opts.db)).map((d) => d.slug));
      const slug = request.params.file.replace(/\.svg$/, '');
      if (!slugs.has(slug)) throw notFound('Image not found');
      const svg = await readFile(new URL(`${slug}.svg`, IMAGES));
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
