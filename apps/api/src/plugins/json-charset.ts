import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * JSON is UTF-8 (RFC 8259). Fastify's parser reads every body as UTF-8 whatever charset the
 * Content-Type names, so a body declared UTF-16 would be read as something its sender did not
 * mean: refuse any other declared charset with 415 before the body is read.
 */
export const jsonCharsetPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const charset = request.headers['content-type']?.match(CHARSET)?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      throw new HttpError(415, 'Unsupported charset: send JSON encoded as UTF-8');
    }
  });
});
