import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitReady } from '../../test/server-process.ts';
import { verifyOverHttp } from '../../test/verify-over-http.ts';
import { runCommand } from './backup-commands.test-helpers.ts';
import { BACKUP_SOCKET } from './backup-socket.ts';

// The real server process (`node src/server.ts`) on PGlite, backed up by `npm run backup` while
// people use it, restored, and started again on the copy. PGlite on every run, as the server
// without DATABASE_URL is.

let work: string;
let dataDir: string;
const running: ServerProcess[] = [];
const account = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  password: 'cobol-compiler-1959',
};

const post = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'helo-backup-server-'));
  dataDir = join(work, 'data');
});
afterAll(() => {
  for (const s of running) s.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function start(dir: string): Promise<ServerProcess> {
  const s = startServer(dir, await freePort());
  running.push(s);
  await waitReady(s);
  return s;
}

describe('backups of the running server', () => {
  let accessToken = '';
  let backupFile = '';

  it('npm run backup asks the running server, which keeps answering; the path is printed last', async () => {
    const server = await start(dataDir);
    const registered = await post(`${server.url}/api/v1/auth/register`, account);
    expect(registered.status).toBe(201);
    const { refresh_token } = ((await registered.json()) as { data: { refresh_token: string } }).data;
    // Reading loans needs a verified email; the verifying browser's new session is the one used.
    accessToken = await verifyOverHttp(server.url, account.email, refresh_token);
    const socket = statSync(join(dataDir, BACKUP_SOCKET));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    const backup = runCommand('backup', [], { DATA_DIR: dataDir }, work);
    let finished = false;
    void backup.finally(() => {
      finished = true;
    });
    const answers: number[] = [];
    const headers = { authorization: `Bearer ${accessToken}` };
    while (!finished || answers.length === 0) {
      const res = await fetch(`${server.url}/api/v1/user-debts`, { headers });
      answers.push(res.status);
    }
    const result = await backup;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/from the running server: 1 user, [\d,]+ rows/);
    expect(result.lastLine).toMatch(
      new RegExp(`^${work}/backups/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.helo\\.tar$`),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    backupFile = result.lastLine;

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, BACKUP_SOCKET))).toBe(false);
  }, 180_000);

  it('the restored copy serves the same accounts: the old session still works and the password signs in; killed and restarted, it answers backups again', async () => {
    const restoredDir = join(work, 'restored');
    const restore = await runCommand('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const server = await start(restoredDir);
    const me = await fetch(`${server.url}/api/v1/auth/register`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe(account.email);
    const login = await post(`${server.url}/api/v1/auth/login`, { email: account.email, password: account.password });
    expect(login.status).toBe(200);

    // A killed server leaves its socket file behind; the next one replaces it and answers backups.
    server.child.kill('SIGKILL');
    await server.exited;
    expect(existsSync(join(restoredDir, BACKUP_SOCKET))).toBe(true);
    const again = await start(restoredDir);
    const backup = await runCommand('backup', [join(work, 'after-kill.helo.tar')], { DATA_DIR: restoredDir });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/from the running server/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('with no server running, npm run backup reads the data directory itself', async () => {
    const file = join(work, 'stopped.helo.tar');
    const result = await runCommand('backup', [file], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/from the data directory/);
    expect(result.lastLine).toBe(file);
    expect(existsSync(join(dataDir, 'helo.lock'))).toBe(false);
  }, 120_000);
});
