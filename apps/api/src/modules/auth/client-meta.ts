import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from './auth.service.ts';

/** What a new session records of the client that asked for it (shown in the sessions list). */
export const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});
