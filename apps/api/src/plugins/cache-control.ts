import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's successful answers are public and the same for everyone (catalogue artwork). */
    publicCache?: boolean;
  }
}

/**
 * Every API answer may carry tokens or someone's data, and a shared or browser cache must not keep
 * it: `Cache-Control: no-store` on every `/api/` response, errors and unknown routes included. The
 * only exception is a route that declares `config: { publicCache: true }` (the catalogue images),
 * and only for its successful answers, which set their own header.
 */
export const cacheControlPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const cacheable = request.routeOptions.config?.publicCache === true && reply.statusCode < 300;
    if (!cacheable) reply.header('cache-control', 'no-store');
    return payload;
  });
});
