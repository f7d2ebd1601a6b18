import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: two servers on one data directory corrupt it. The lock file
 * holds the owner's pid; a lock whose process is gone (kill -9, power loss) is stale and taken over.
 * A pid check is exact on one machine, where mtime-based locks would make a restart wait.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'helo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(`The data directory ${dir} is in use by another Helo server (pid ${pid}).`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

/**
 * After a crash PGlite may leave Postgres's postmaster.pid behind and refuse to start. We only get
 * here holding our own lock, so no live process owns that file.
 */
export function clearStalePostmasterPid(pgliteDir: string): void {
  const pidFile = join(pgliteDir, 'postmaster.pid');
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}
