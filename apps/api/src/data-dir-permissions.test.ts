import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitReady } from '../test/server-process.ts';

// The real process on embedded PGlite: nothing it keeps under DATA_DIR is reachable by another local user.
let server: ServerProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'helo-perms-'));
afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Every directory under `dir` that a group or other user could read, write or enter. */
function directoriesOpenToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => (statSync(path).mode & 0o077) !== 0);
}

describe('DATA_DIR permissions', () => {
  it('tightens an existing 0755 DATA_DIR to 0700, says so, and writes every file owner-only', async () => {
    chmodSync(dataDir, 0o755);
    server = startServer(dataDir, await freePort());
    await waitReady(server, 170_000);
    const res = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Ida',
        last_name: 'Wells',
        email: 'ida@example.com',
        password: 'memphis-free-speech-1892',
      }),
    });
    expect(res.status).toBe(201);

    expect(mode(dataDir)).toBe('700');
    expect(server.output()).toMatch(/"was":"0755".*permissions were tightened to 0700/);
    // What the app writes itself: the lock, the generated secrets, the backup socket.
    for (const file of ['helo.lock', 'secrets.json', 'backup.sock'])
      expect(mode(join(dataDir, file)), file).toBe('600');
    // PGlite sets its own files' modes (0666), so every directory on the way to them is the owner's
    // alone: its write-ahead log holds emails and password hashes.
    expect(mode(join(dataDir, 'pglite'))).toBe('700');
    expect(directoriesOpenToOthers(dataDir)).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // A real start: migrations on a fresh PGlite take a while on a busy machine.
  }, 180_000);
});
