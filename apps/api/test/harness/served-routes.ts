import type { FastifyInstance } from 'fastify';

/**
 * Every method and path Fastify serves under /api/, as "GET /api/v1/notifications/{id}/read", read
 * from `printRoutes()` (Fastify has no other way to list routes once they are registered). HEAD, which
 * Fastify adds to every GET, is left out; a trailing slash is dropped, as clients may omit it.
 */
export function servedApiRoutes(app: FastifyInstance): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const out = new Set<string>();
  for (const line of lines) {
    const m = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (m[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    if (!m[3] || !path.startsWith('/api/')) continue;
    const normal = (path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/').replace(/\/\//g, '/');
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.add(`${method} ${normal}`);
  }
  return [...out].sort();
}
