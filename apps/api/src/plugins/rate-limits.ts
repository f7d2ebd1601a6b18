import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config.ts';
import { HttpError } from '../lib/http-error.ts';

/**
 * Two limits on one route: per client IP and per account (the email, user or token the request is
 * about), so that neither one address nor a botnet aimed at one account gets unlimited tries.
 * The counters live in Redis when REDIS_URL is set (shared by every server), in memory otherwise.
 */
export function limitPerIpAndAccount(
  app: FastifyInstance,
  name: string,
  rules: { ip: RateLimitRule; account: RateLimitRule },
  accountKey: (request: FastifyRequest) => string | undefined,
) {
  const perIp = app.createRateLimit({
    max: rules.ip.max,
    timeWindow: rules.ip.windowMs,
    keyGenerator: (req) => `${name}:ip:${req.ip}`,
  });
  const perAccount = app.createRateLimit({
    max: rules.account.max,
    timeWindow: rules.account.windowMs,
    keyGenerator: (req) => `${name}:account:${accountKey(req) ?? `ip:${req.ip}`}`,
  });
  return async function rateLimit(request: FastifyRequest): Promise<void> {
    for (const check of [perIp, perAccount]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, Math.ceil(result.ttlInSeconds));
        const minutes = Math.ceil(seconds / 60);
        throw new HttpError(
          429,
          `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      }
    }
  };
}
