import type { FastifyRequest } from 'fastify';

// `token`, `Token`, `reset_token`...: any query parameter whose name ends in "token".
const TOKEN_PARAM = /([?&][^=&#]*token=)[^&#]*/gi;

/** The URL as a log may keep it: every token query parameter's value replaced. */
export function redactTokenParams(url: string): string {
  return url.replace(TOKEN_PARAM, '$1[redacted]');
}

/**
 * Fastify's request serializer, with the URL redacted: links mailed to the user (verify-email,
 * reset-password) carry their token in the query, and a log must not become a way into accounts.
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokenParams(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
