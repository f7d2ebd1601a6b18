import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
// Health checks answer nothing about anyone, and a load balancer probes by the instance's address.
const ANY_HOST_PATHS = ['/api/health/'];

/** A Host header's name (lower case) and port, when it gives one. */
function splitHost(host: string): { name: string; port: string | undefined } {
  const value = host.trim().toLowerCase();
  const match = value.match(/^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/);
  return { name: match?.[1] ?? value, port: match?.[2] };
}

/**
 * DNS rebinding: a page on evil.example that re-points its name at this server reaches it with
 * `Host: evil.example`. Answering only our own names keeps such a page from reading anything (the
 * dev outbox's reset links first of all). Production knows one name, APP_URL's; development and
 * tests also take the loopback names on the server's port (PORT, or the port the connection came
 * in on when the server listens on a random one).
 */
export const allowedHostsPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const appUrl = new URL(config.appUrl);
  const ownName = appUrl.hostname.toLowerCase();
  // A Host without a port means the scheme's default: TLS may end at a proxy, so APP_URL's scheme decides.
  const ownDefaultPort = appUrl.protocol === 'https:' ? '443' : '80';
  const ownPort = appUrl.port || ownDefaultPort;
  const loopback = config.env !== 'production';

  const allowed = (request: FastifyRequest): boolean => {
    if (!request.host) return false;
    const { name, port } = splitHost(request.host);
    if (name === ownName && (port ?? ownDefaultPort) === ownPort) return true;
    if (!loopback || !LOOPBACK_NAMES.includes(name)) return false;
    const ports = [String(config.port), String(request.socket.localPort)];
    return ports.includes(port ?? '80');
  };

  app.addHook('onRequest', async (request) => {
    if (ANY_HOST_PATHS.some((path) => request.url.startsWith(path))) return;
    if (!allowed(request)) {
      throw new HttpError(421, 'This server does not answer for that host name. Use the address of the app.');
    }
  });
});
