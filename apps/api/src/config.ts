import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { newMasterKey, parseMasterKey } from './lib/secret-box.ts';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // Base64 of 32 random bytes (`openssl rand -base64 32`): the master key of secrets kept at rest.
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseMasterKey(v) !== undefined, 'ENCRYPTION_KEY must be the base64 of 32 random bytes')
    .optional(),
  // The Vault's master key (same form): wraps each stored document's own data key.
  VAULT_KEY: z
    .string()
    .refine((v) => parseMasterKey(v) !== undefined, 'VAULT_KEY must be the base64 of 32 random bytes')
    .optional(),
  // An S3-compatible bucket for the Vault's documents instead of <DATA_DIR>/vault (README: Vault storage).
  VAULT_S3_BUCKET: z.string().min(1).optional(),
  VAULT_S3_ENDPOINT: z.string().url().optional(),
  VAULT_S3_REGION: z.string().min(1).default('us-east-1'),
  VAULT_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  VAULT_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  VAULT_S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Helo <no-reply@helo.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@helo.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  // redis:// URL; set it when several servers answer, so they share rate-limit counters.
  REDIS_URL: z.string().url().optional(),
  // How long a rotated refresh token still gets its successor again (two tabs racing, a lost answer).
  REFRESH_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  // Multiplies every rate limit: browser tests sign in dozens of times from one address.
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
});

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Where the Vault keeps documents when they live in a bucket (modules/vault/s3-storage.ts). */
export interface VaultS3Config {
  bucket: string;
  /** An S3-compatible server's URL (MinIO, R2, ...); absent means AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Absent means the AWS SDK's default credential chain (instance or task role, AWS_* variables, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`: most self-hosted servers want it. */
  forcePathStyle: boolean;
}

/**
 * How much one user can put into My Wallet (decisions.md "Imports that do not stall the others"); the
 * wallet module's defaults are DEFAULT_WALLET_LIMITS. Declared here, below every module, as the
 * configuration carries it.
 */
export interface WalletLimits {
  /** Bank files one user can upload in an hour (each is up to 5 MB to read and store). */
  importsPerHour: number;
  /** Transactions one user can keep: past it, an import or a hand entry is a 409. */
  maxTransactions: number;
  /** The most rows an import's commit writes per short transaction (fewer when the database is slow). */
  stageChunkRows: number;
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  appUrl: string;
  jwtSecret: string;
  /** The master key (32 bytes) that seals secrets at rest: TOTP secrets, the Vault's file keys (lib/secret-box.ts). */
  encryptionKey: Buffer;
  /**
   * The Vault's master key (32 bytes): it wraps every document's data key. Its own key, not
   * `encryptionKey`, so either can be rotated or handed to a different custodian alone.
   */
  vaultKey: Buffer;
  /** Where the Vault keeps encrypted documents on disk: `<DATA_DIR>/vault` (modules/vault). */
  vaultDir: string;
  /** A bucket for the Vault's documents instead of `vaultDir`; absent when VAULT_S3_BUCKET is not set. */
  vaultS3?: VaultS3Config | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: none, or their addresses and ranges. */
  trustProxy: TrustProxy;
  /** Built web app to serve on the same origin; absent means API only. */
  webDist: string | undefined;
  /** How long a rotated refresh token, presented again, gets the same successor (REFRESH_GRACE_MS). */
  refreshGraceMs: number;
  /** My Wallet's per-user limits (imports an hour, stored transactions); absent: the product's defaults. */
  walletLimits?: WalletLimits | undefined;
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
    /** Codes of two-factor sign-in: the second login step, and enable/regenerate/disable. */
    twoFactor: { ip: RateLimitRule; account: RateLimitRule };
    /** Data exports: each reads and zips everything the user has. */
    accountExport: { ip: RateLimitRule; account: RateLimitRule };
    /** "Sync now" of a bank connection (account: the connection): SimpleFIN asks for at most 24 calls a day. */
    bankSync: { ip: RateLimitRule; account: RateLimitRule };
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
  accountExport: { ip: { max: 30, windowMs: HOUR }, account: { max: 10, windowMs: HOUR } },
  twoFactor: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  // The daily job's sync is one more; manual syncs beyond these would spend the token's daily quota.
  bankSync: { ip: { max: 100, windowMs: 24 * HOUR }, account: { max: 20, windowMs: 24 * HOUR } },
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
  if (e.NODE_ENV === 'production' && !e.ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY: required in production (base64 of 32 random bytes: openssl rand -base64 32)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.VAULT_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  VAULT_KEY: required in production (base64 of 32 random bytes: openssl rand -base64 32)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.APP_URL) {
    throw new ConfigError('Invalid configuration:\n  APP_URL: required in production');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  }
  const vaultS3 = vaultS3Config(e);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const generated = e.JWT_SECRET && e.ENCRYPTION_KEY && e.VAULT_KEY ? undefined : developmentSecrets(dataDir);
  const encryptionKey = e.ENCRYPTION_KEY ? parseMasterKey(e.ENCRYPTION_KEY) : generated?.encryptionKey;
  const vaultKey = e.VAULT_KEY ? parseMasterKey(e.VAULT_KEY) : generated?.vaultKey;
  const jwtSecret = e.JWT_SECRET ?? generated?.jwtSecret;
  if (!encryptionKey || !vaultKey || !jwtSecret)
    throw new ConfigError('Invalid configuration: the secrets could not be read');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appUrl,
    jwtSecret,
    encryptionKey,
    vaultKey,
    vaultDir: join(dataDir, 'vault'),
    vaultS3,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    webDist: e.WEB_DIST,
    redisUrl: e.REDIS_URL,
    refreshGraceMs: e.REFRESH_GRACE_MS,
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_MULTIPLIER),
  };
}

/**
 * Keys are optional: without them the SDK's own chain finds credentials (the usual way on AWS,
 * where a role beats a long-lived key). Half a key pair, or S3 settings without a bucket, is a
 * mistake that would otherwise show up only at the first upload, so it stops the server here.
 */
function vaultS3Config(e: z.infer<typeof envSchema>): VaultS3Config | undefined {
  const keyId = e.VAULT_S3_ACCESS_KEY_ID;
  const secret = e.VAULT_S3_SECRET_ACCESS_KEY;
  if (!e.VAULT_S3_BUCKET) {
    const stray = (['VAULT_S3_ENDPOINT', 'VAULT_S3_ACCESS_KEY_ID', 'VAULT_S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => e[name] !== undefined,
    );
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  VAULT_S3_BUCKET: required when ${stray.join(', ')} is set`);
    }
    return undefined;
  }
  if ((keyId === undefined) !== (secret === undefined)) {
    const missing = keyId === undefined ? 'VAULT_S3_ACCESS_KEY_ID' : 'VAULT_S3_SECRET_ACCESS_KEY';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: VAULT_S3_ACCESS_KEY_ID and VAULT_S3_SECRET_ACCESS_KEY go together (or leave both out to use the AWS default credentials)`,
    );
  }
  return {
    bucket: e.VAULT_S3_BUCKET,
    endpoint: e.VAULT_S3_ENDPOINT,
    region: e.VAULT_S3_REGION,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle: e.VAULT_S3_FORCE_PATH_STYLE === 'true' || e.VAULT_S3_FORCE_PATH_STYLE === '1',
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
 * Outside production the secrets are generated on first start and kept in the data directory, so that
 * sessions (and sealed secrets) survive restarts without anybody committing or sharing a default.
 * A file written before a secret existed gets the missing one added, keeping the others: a new
 * encryption key must not cost the JWT secret (everyone signed out), and an encryption key once
 * written is never replaced, since what it sealed could not be opened again.
 */
function developmentSecrets(dataDir: string): { jwtSecret: string; encryptionKey: Buffer; vaultKey: Buffer } {
  const file = join(dataDir, 'secrets.json');
  const saved = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: unknown; encryptionKey?: unknown; vaultKey?: unknown })
    : {};
  let changed = false;
  let jwtSecret = typeof saved.jwtSecret === 'string' && saved.jwtSecret.length >= 32 ? saved.jwtSecret : undefined;
  if (!jwtSecret) {
    jwtSecret = randomBytes(48).toString('base64url');
    changed = true;
  }
  const masterKey = (name: 'encryptionKey' | 'vaultKey'): Buffer => {
    const value = saved[name];
    if (value === undefined) {
      changed = true;
      return newMasterKey();
    }
    const key = typeof value === 'string' ? parseMasterKey(value) : undefined;
    if (!key) {
      throw new ConfigError(
        `Invalid configuration:\n  ${file}: ${name} is not the base64 of 32 bytes (fix or restore it; a new key would not open what the old one sealed)`,
      );
    }
    return key;
  };
  const encryptionKey = masterKey('encryptionKey');
  const vaultKey = masterKey('vaultKey');
  if (changed) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secrets = {
      ...saved,
      jwtSecret,
      encryptionKey: encryptionKey.toString('base64'),
      vaultKey: vaultKey.toString('base64'),
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return { jwtSecret, encryptionKey, vaultKey };
}
