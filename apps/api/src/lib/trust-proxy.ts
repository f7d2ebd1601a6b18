import { isIP } from 'node:net';

/** Which proxies may tell us a client's address: none, or these addresses and ranges. */
export type TrustProxy = false | string[];

const EXPECTED = "give the proxies' addresses or ranges (e.g. 10.0.0.5,10.0.1.0/24, or loopback)";
// proxy-addr's names for well-known ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (NAMED_RANGES.has(entry)) return true;
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY. Trusting every hop (`true`) is refused: the left-most X-Forwarded-For is
 * written by the client, and rate limits would count whatever it claims. A hop count is refused
 * too: it cannot tell a proxy from a client that connects directly (Fastify ignores it).
 * Returns the setting, or the reason the value is refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return { error: `true would believe any X-Forwarded-For a client writes; ${EXPECTED}` };
  if (/^\d+$/.test(v)) return { error: `a hop count cannot tell a proxy from a client; ${EXPECTED}` };
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined) return { error: `"${bad}" is not an IP address or CIDR range; ${EXPECTED}` };
  return entries;
}
