import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ProviderError } from './provider.ts';

/**
 * Where the server may send a provider's calls (issue 28: "the app calls only the URL the token
 * names"): https anywhere public in production; outside production also http to loopback, where the
 * tests' fake bridge listens. A token naming anything else (another scheme, a private or loopback
 * host in production) is refused before any call, so a pasted token cannot aim the server at its
 * own network. Answers the URL without its userinfo, and the credentials it carried.
 */
export function outboundUrl(
  text: string,
  production: boolean,
  what: string,
): { url: URL; username: string; password: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ProviderError('bad_token', `${what} is not a web address`);
  }
  const loopback = isLoopback(url.hostname);
  const allowed =
    (url.protocol === 'https:' && !(production && (loopback || isPrivate(url.hostname)))) ||
    (url.protocol === 'http:' && loopback && !production);
  if (!allowed) {
    throw new ProviderError(
      'bad_token',
      production
        ? `${what} must be an https address of a public server`
        : `${what} must be https (or http on this machine)`,
    );
  }
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url, username, password };
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

function isLoopback(hostname: string): boolean {
  const host = bare(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** An address literal of a private, link-local or unspecified network (a name is left to DNS). */
function isPrivate(hostname: string): boolean {
  const host = bare(hostname);
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      // Carrier-grade NAT: a provider's own network.
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(host) === 6)
    return host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
}

/** How a host name is resolved: every address it has (injectable, so tests need no DNS). */
export type ResolveAll = (hostname: string) => Promise<string[]>;
export const resolveAll: ResolveAll = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * In production, a host name must resolve to public addresses only: a token naming
 * "bridge.internal" that points at 10.0.0.5 would otherwise aim the server at its own network all
 * the same (outboundUrl refuses only address literals). Checked before each call; a name that does
 * not resolve is left to the call, which then fails as the bridge being down.
 */
export async function checkResolvesPublic(url: URL, what: string, resolve: ResolveAll = resolveAll): Promise<void> {
  const host = bare(url.hostname);
  if (isIP(host) !== 0) return;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return;
  }
  if (addresses.some((a) => isLoopback(a) || isPrivate(a))) {
    throw new ProviderError('bad_token', `${what} names a server on a private network`);
  }
}
