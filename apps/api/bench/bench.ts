/**
 * `npm run bench`: throughput of one authenticated, database-backed read (GET /api/v1/auth/register:
 * JWT check + session lookup + user) against a constant route (/api/health/live), on loopback, on
 * embedded PGlite and, when DATABASE_URL is set, on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@helo/db/client';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { defaultRateLimits } from '../src/config.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

interface Result {
  route: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, route: string, headers: Record<string, string> = {}): Promise<Result> {
  // The load runs in a worker thread: in this thread it would compete with the server for the event loop.
  const result = await autocannon({
    url: `${url}${route}`,
    connections: 10,
    duration: DURATION_S,
    headers,
    workers: 1,
  });
  return {
    route,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchDatabase(label: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  const { app } = await buildApp(
    {
      env: 'test',
      host: '127.0.0.1',
      port: 0,
      databaseUrl,
      dataDir: '/nonexistent',
      appUrl: 'http://localhost',
      jwtSecret: 'bench-secret-bench-secret-bench-secret-000',
      smtpUrl: undefined,
      mailFrom: 'bench@localhost',
      supportEmail: 'support@localhost',
      logLevel: 'silent',
      trustProxy: false,
      webDist: undefined,
      rateLimits: defaultRateLimits,
    },
    { database },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const email = `bench.${Date.now()}@example.com`;
  const res = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', last_name: 'Mark', email, password: 'benchmark-passphrase-1' }),
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;

  const live = await measure(url, '/api/health/live');
  const read = await measure(url, '/api/v1/auth/register', { authorization: `Bearer ${token}` });
  await app.close();
  await database.close();

  console.log(`\n${label}`);
  for (const r of [live, read]) {
    console.log(
      `  ${r.route.padEnd(26)} ${String(r.rps).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`,
    );
  }
  console.log(`  authenticated read / constant route: ${(read.rps / live.rps).toFixed(3)}`);
  if (live.errors + read.errors > 0) process.exitCode = 1;
}

console.log(`autocannon, 10 connections, ${DURATION_S} s per route, loopback`);
await benchDatabase('PGlite (embedded)', undefined);
if (process.env.DATABASE_URL) await benchDatabase('PostgreSQL (pg.Pool, 10)', process.env.DATABASE_URL);
