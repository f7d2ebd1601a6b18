import type { AddressInfo } from 'node:net';
import type { Database } from '@helo/db/client';
import { buildApp } from '../src/app.ts';
import { type AppConfig, defaultRateLimits } from '../src/config.ts';

// Sign-ups and sign-ins of hundreds of users come from one address here.
const generous = { max: 1_000_000, windowMs: 60_000 };
const benchRateLimits = Object.fromEntries(
  Object.keys(defaultRateLimits).map((route) => [route, { ip: generous, account: generous }]),
) as AppConfig['rateLimits'];

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** One API server on a loopback port, as `npm start` builds it, minus logs and rate limits. */
export async function startBenchServer(database: Database, overrides: Partial<AppConfig> = {}): Promise<BenchServer> {
  const { app } = await buildApp(
    {
      env: 'test',
      host: '127.0.0.1',
      port: 0,
      databaseUrl: undefined,
      dataDir: '/nonexistent',
      appUrl: 'http://localhost',
      jwtSecret: 'bench-secret-bench-secret-bench-secret-000',
      encryptionKey: Buffer.alloc(32, 'b'),
      vaultKey: Buffer.alloc(32, 'c'),
      vaultDir: '/nonexistent/vault',
      smtpUrl: undefined,
      mailFrom: 'bench@localhost',
      supportEmail: 'support@localhost',
      logLevel: 'silent',
      trustProxy: false,
      webDist: undefined,
      refreshGraceMs: 10_000,
      rateLimits: benchRateLimits,
      ...overrides,
    },
    { database },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => app.close(),
  };
}
