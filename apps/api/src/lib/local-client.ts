import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

// Any of these means a proxy (or a client pretending to be one) stands between us and the person:
// a reverse proxy on the same machine connects from loopback on behalf of everybody.
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

/**
 * True only for a request whose TCP peer is this machine and that carries no forwarding header.
 * Reads the socket, never `request.ip`, because with TRUST_PROXY on that comes from a header a
 * client writes.
 */
export function isDirectLocalClient(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK.test(peer)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
