import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Helo <no-reply@helo.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@helo.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  // redis:// URL; set it when several servers answer, so they share rate-limit counters.
  REDIS_URL: z.string().url().optional(),
  // Multiplies every rate limit: browser tests sign in dozens of times from one address.
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
});

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: none, or their addresses and ranges. */
  trustProxy: TrustProxy;
  /** Built web app to serve on the same origin; absent means API only. */
  webDist: string | undefined;
  /** Redis for rate-limit counters shared by every server; absent means each server counts its own. */
  redisUrl?: string | undefined;
  rateLimits: {
    login: { ip: RateLimitRule; account: RateLimitRule };
    register: { ip: RateLimitRule; account: RateLimitRule };
    forgot: { ip: RateLimitRule; account: RateLimitRule };
    resend: { ip: RateLimitRule; account: RateLimitRule };
    verify: { ip: RateLimitRule; account: RateLimitRule };
    feedback: { ip: RateLimitRule; account: RateLimitRule };
    changePassword: { ip: RateLimitRule; account: RateLimitRule };
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const defaultRateLimits: AppConfig['rateLimits'] = {
  login: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  register: { ip: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  forgot: { ip: { max: 10, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
  resend: { ip: { max: 10, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
  verify: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  feedback: { ip: { max: 20, windowMs: HOUR }, account: { max: 10, windowMs: HOUR } },
  changePassword: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
};

export class ConfigError extends Error {}

/** Reads and validates the environment once at boot; a bad value stops the server with a clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  if (e.NODE_ENV === 'production' && !e.APP_URL) {
    throw new ConfigError('Invalid configuration:\n  APP_URL: required in production');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appUrl,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    webDist: e.WEB_DIST,
    redisUrl: e.REDIS_URL,
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_MULTIPLIER),
  };
}

function scaleRateLimits(limits: AppConfig['rateLimits'], factor: number): AppConfig['rateLimits'] {
  const scaled = Object.entries(limits).map(([route, rules]) => [
    route,
    { ip: { ...rules.ip, max: rules.ip.max * factor }, account: { ...rules.account, max: rules.account.max * factor } },
  ]);
  return Object.fromEntries(scaled) as AppConfig['rateLimits'];
}

/**
 * Outside production a secret is generated on first start and kept in the data directory, so that
 * sessions survive restarts without anybody committing or sharing a default secret.
 */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (saved.jwtSecret && saved.jwtSecret.length >= 32) return saved.jwtSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
}
