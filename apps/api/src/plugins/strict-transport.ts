import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS only on an answer that went over HTTPS: the connection's own TLS, or a trusted proxy's
 * `X-Forwarded-Proto: https` (Fastify reads it only from TRUST_PROXY's addresses). Sent over plain
 * HTTP it means nothing to a browser and tells a development setup something false.
 */
export const strictTransportPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
});
