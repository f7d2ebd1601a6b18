import { appConfigResponse } from '@helo/contract/app-config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';

export async function appConfigRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config',
    {
      schema: {
        tags: ['app'],
        summary: 'Public settings of this installation',
        response: { 200: appConfigResponse },
      },
    },
    async () => ({ data: { support_email: opts.config.supportEmail } }),
  );
}
