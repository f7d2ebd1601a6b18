import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitReady } from '../test/server-process.ts';

// The real process on embedded PGlite: start, lock, graceful stop, crash recovery.
let dataDir: string;
let port: number;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'helo-server-'));
  port = await freePort();
});
afterAll(() => {
  for (const s of running) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}) {
  const s = startServer(dataDir, port, env);
  running.push(s);
  return s;
}

const json = (body: object) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const account = { first_name: 'Rosa', last_name: 'Parks', email: 'rosa@example.com', password: 'montgomery-bus-1955' };

describe('the server process', () => {
  let accessToken = '';

  it('starts on an empty data directory, migrates, serves, and keeps a generated secret', async () => {
    const s = start();
    await waitReady(s);
    const res = await fetch(`${s.url}/api/v1/auth/register`, json(account));
    expect(res.status).toBe(201);
    accessToken = ((await res.json()) as { data: { access_token: string } }).data.access_token;
    const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'helo.lock'), 'utf8')).toBe(String(s.child.pid));
  });

  it('refuses to open the same data directory twice', async () => {
    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Helo server/);
  });

  it('stops gracefully on SIGTERM: exit 0, lock released', async () => {
    const s = running[0] as ServerProcess;
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/"msg":"stopped"/);
    expect(existsSync(join(dataDir, 'helo.lock'))).toBe(false);
  });

  it('keeps data and sessions across a restart, and recovers from kill -9', async () => {
    const s = start();
    await waitReady(s);
    const info = await fetch(`${s.url}/api/v1/auth/register`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(info.status).toBe(200);
    s.child.kill('SIGKILL');
    await s.exited;
    // The crash left the lock behind, naming a process that no longer exists.
    expect(existsSync(join(dataDir, 'helo.lock'))).toBe(true);

    const after = start();
    await waitReady(after);
    const login = await fetch(
      `${after.url}/api/v1/auth/login`,
      json({ email: account.email, password: account.password }),
    );
    expect(login.status).toBe(200);
    after.child.kill('SIGTERM');
    expect(await after.exited).toBe(0);
  });

  it('takes over a lock file left by a process that is gone', async () => {
    writeFileSync(join(dataDir, 'helo.lock'), '999999');
    const s = start();
    await waitReady(s);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it('refuses to start in production without a JWT secret', async () => {
    const s = startServer(dataDir, await freePort(), { NODE_ENV: 'production', APP_URL: 'https://helo.example' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/JWT_SECRET: required in production/);
  });
}, 120_000);
