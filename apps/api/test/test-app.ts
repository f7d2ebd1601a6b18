import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@helo/db/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, defaultRateLimits } from '../src/config.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { MailDispatcher, MailTransport } from '../src/mail/dispatcher.ts';
import { openTestDatabase } from './test-database.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = Date.parse('2026-11-21T12:00:00Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

const generous = { max: 10_000, windowMs: 60_000 };
export const generousRateLimits: AppConfig['rateLimits'] = {
  login: { ip: generous, account: generous },
  register: { ip: generous, account: generous },
  forgot: { ip: generous, account: generous },
  resend: { ip: generous, account: generous },
  verify: { ip: generous, account: generous },
  feedback: { ip: generous, account: generous },
  changePassword: { ip: generous, account: generous },
  twoFactor: { ip: generous, account: generous },
  accountExport: { ip: generous, account: generous },
  bankSync: { ip: generous, account: generous },
};

/**
 * The Vault's directory of a test process: a temporary one, made when first asked for, so a test that
 * uploads without a directory of its own (the harness's seeded users) writes nowhere else.
 */
let processVaultDir: string | undefined;
const testVaultDir = () => {
  processVaultDir ??= mkdtempSync(join(tmpdir(), 'helo-test-vault-'));
  return processVaultDir;
};

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    host: '127.0.0.1',
    // app.inject's requests say `Host: localhost:80`, which the host check takes as this port.
    port: 80,
    databaseUrl: undefined,
    dataDir: '/nonexistent',
    appUrl: 'http://helo.test',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    encryptionKey: Buffer.alloc(32, 't'),
    vaultKey: Buffer.alloc(32, 'v'),
    vaultDir: overrides.vaultDir ?? testVaultDir(),
    smtpUrl: undefined,
    mailFrom: 'Helo <no-reply@helo.test>',
    supportEmail: 'support@helo.test',
    logLevel: 'silent',
    trustProxy: false,
    webDist: undefined,
    refreshGraceMs: 10_000,
    rateLimits: generousRateLimits,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  mailDispatcher: MailDispatcher | undefined;
  close(): Promise<void>;
}

let templateDump: Blob | undefined;
function template() {
  const path = inject('pgliteTemplatePath');
  if (path && !templateDump) templateDump = new Blob([readFileSync(path)]);
  return { pgliteDump: templateDump, postgresTemplate: inject('postgresTemplate') };
}

export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    mailTransport?: MailTransport;
    database?: Database;
    /** A second server on the first one's database (as behind a load balancer); it leaves the database open on close. */
    alongside?: TestApp;
    logStream?: NodeJS.WritableStream;
    scheduler?: boolean;
    requestTimeoutMs?: number;
    /** Runs before the app is ready: the place to add a route a test needs. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = options.alongside?.database ?? options.database ?? (await openTestDatabase(template()));
  const clock = new TestClock();
  const { app, mailDispatcher } = await buildApp(testConfig(options.config), {
    database,
    clock,
    ...(options.mailTransport ? { mailTransport: options.mailTransport, mailRetryIntervalMs: 0 } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.scheduler ? { scheduler: true } : {}),
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    mailDispatcher,
    async close() {
      await app.close();
      if (!options.alongside) await database.close();
    },
  };
}

export { defaultRateLimits };

/** One app (and database) shared by every test of the file, closed after them. */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the test app is created in beforeAll');
    return t;
  };
}
