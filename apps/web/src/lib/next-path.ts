/**
 * Where to go after signing in: the `next` query parameter when it is a path of this site, else the
 * dashboard. '//host' and '/\host' are other sites to a browser, so they are refused.
 */
export function nextPath(params: URLSearchParams, fallback = '/dashboard/home'): string {
  const next = params.get('next');
  if (next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')) return next;
  return fallback;
}
