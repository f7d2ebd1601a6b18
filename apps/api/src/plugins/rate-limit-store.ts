import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

// The plugin's own stores (its Redis Lua script and its LRU), which it does not export by name.
type StoreArgs = [continueExceeding: boolean, exponentialBackoff: boolean, extra?: unknown, nameSpace?: string];
type PluginStore = new (...args: StoreArgs) => FastifyRateLimitStore;
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as PluginStore;

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type Settings = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };

/** A client that fails a command at once when Redis is away, instead of queueing it for later. */
export function rateLimitRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 500,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Keeps reconnecting in the background (at most every 2 s) for as long as the server runs.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
}

/**
 * Waits (at most `ms`) for the first connection, so a server that just started counts in Redis from
 * its first request rather than falling back while the connection is still being made. Past `ms`
 * it starts anyway, counting on its own until Redis answers (as during any outage).
 */
export async function untilConnected(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const ready = new Promise<boolean>((resolve) => redis.once('ready', () => resolve(true)));
  try {
    return await Promise.race([ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Counters shared by every server through Redis. When Redis fails (down, unreachable, slow past
 * 500 ms) the count falls back to this server's own memory, as with no Redis at all: the limits
 * loosen to one allowance per server instead of turning sign-in off for everybody (decisions.md,
 * issue 9). One warning per outage says so.
 */
export function redisWithLocalFallback(redis: Redis, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let failing = false;
  class SharedStore implements FastifyRateLimitStore {
    private readonly remote: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(settings: Settings, parents?: { remote: FastifyRateLimitStore; local: FastifyRateLimitStore }) {
      const continueExceeding = settings.continueExceeding ?? false;
      const backoff = settings.exponentialBackoff ?? false;
      this.remote = parents?.remote ?? new RedisStore(continueExceeding, backoff, redis, 'helo-rate-limit:');
      this.local = parents?.local ?? new LocalStore(continueExceeding, backoff);
    }

    incr(key: string, done: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
      this.remote.incr(
        key,
        (err, result) => {
          if (!err) {
            if (failing) log.info('rate limits: Redis answers again; counters are shared');
            failing = false;
            done(null, result);
            return;
          }
          if (!failing) log.warn({ err }, 'rate limits: Redis failed; counting on this server only until it is back');
          failing = true;
          this.local.incr(key, done, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      return new SharedStore(options as Settings, {
        remote: this.remote.child(options),
        local: this.local.child(options),
      });
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
