import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build output: a new build gives new names, so a browser may keep these for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest, icons): revalidate on every use. */
export const REVALIDATE = 'no-cache';

function cacheHeaders(res: SetHeadersResponse, root: string, filePath: string): void {
  const path = relative(root, filePath).split(sep).join('/');
  res.setHeader('Cache-Control', path.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
  // The same URL answers brotli, gzip or plain bytes depending on the request.
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * Serves the built web app on the API's origin. Unknown paths outside /api get index.html, so that
 * client-side routes (/login, /dashboard/home) load on a refresh; unknown /api paths stay JSON 404s.
 * The build writes `.br` and `.gz` copies next to each text file; they are sent as they are, so the
 * server never compresses a static file itself. Source maps are never served, even if a build left
 * some behind.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => cacheHeaders(res, webDist, filePath),
      allowedPath: (pathname) => !basename(pathname).endsWith('.map'),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = !path.startsWith('/api') && !path.startsWith('/assets/') && !path.endsWith('.map');
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isPage) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${path}`, data: null });
  });
}
