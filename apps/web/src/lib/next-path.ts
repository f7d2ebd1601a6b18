/**
 * Where to go after signing in: the `next` query parameter when it is a path of this site, else the
 * dashboard. '//host' and '/\host' are other sites to a browser, and browsers drop tabs and line
 * breaks from a URL ('/\t/host' is '//host'), so any backslash or control character is refused.
 */
export function nextPath(params: URLSearchParams, fallback = '/dashboard/home'): string {
  const next = params.get('next');
  return next !== null && isSitePath(next) ? next : fallback;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);
}

/** The login page that returns to `path` (with its query) once signed in. */
export function loginFor(path: string): string {
  return isSitePath(path) && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login';
}
