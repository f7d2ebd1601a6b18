import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/accounts.ts';
import { createTestApp, generousRateLimits, type TestApp } from '../../test/test-app.ts';

// Two API servers on one database (PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise) and
// one Redis of their own: a limit counted on both must hold across both.
const LOGIN_TRIES = 4;
const rateLimits = {
  ...generousRateLimits,
  login: { ip: { max: 1000, windowMs: 60_000 }, account: { max: LOGIN_TRIES, windowMs: 15 * 60_000 } },
};

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    redis.once('error', reject);
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    redis.stdout?.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  return redis;
}

async function stopRedis(redis: ChildProcess | undefined): Promise<void> {
  if (!redis || redis.exitCode !== null) return;
  const exited = once(redis, 'exit');
  redis.kill('SIGTERM');
  await exited;
}

let redis: ChildProcess | undefined;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  const port = await freePort();
  redis = await startRedis(port);
  const config = { rateLimits, redisUrl: `redis://127.0.0.1:${port}` };
  a = await createTestApp({ config });
  b = await createTestApp({ config, alongside: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await stopRedis(redis);
});

const login = (server: TestApp, email: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'not-the-password-at-all' },
  });

describe('rate limits shared through Redis by two servers', () => {
  it('counts the tries made on either server against one limit', async () => {
    const email = uniqueEmail('guessed');
    const statuses: number[] = [];
    // Alternating servers: with counters in memory each would allow LOGIN_TRIES on its own.
    for (let i = 0; i < LOGIN_TRIES; i++) statuses.push((await login(i % 2 ? b : a, email)).statusCode);
    expect(statuses).toEqual(Array(LOGIN_TRIES).fill(401));
    const onA = await login(a, email);
    const onB = await login(b, email);
    expect([onA.statusCode, onB.statusCode]).toEqual([429, 429]);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected by this one's tries.
    expect((await login(b, uniqueEmail('other'))).statusCode).toBe(401);
  });

  it('keeps limiting on each server, from its own counts, when Redis goes away', async () => {
    await stopRedis(redis);
    const email = uniqueEmail('during.outage');
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_TRIES; i++) statuses.push((await login(a, email)).statusCode);
    // Never a 500: sign-in stays up, and the limit still stops a guesser on this server.
    expect(statuses).toEqual([...Array(LOGIN_TRIES).fill(401), 429]);
  });
});
