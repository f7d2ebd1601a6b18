import { chmodSync, createWriteStream, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createBackupArchive, type PgliteClient } from './backup-archive.ts';

/**
 * PGlite is one process's database and the running server holds it, so `npm run backup` asks that
 * server for the dump: HTTP over a Unix socket in DATA_DIR, mode 0600. Whoever can open it could
 * read the database files anyway; nobody else can, and nothing of it is on the network.
 */
export const BACKUP_SOCKET = 'backup.sock';

export function backupSocketPath(dataDir: string): string {
  return join(dataDir, BACKUP_SOCKET);
}

export interface BackupServer {
  close(): Promise<void>;
}

export async function serveBackups(
  client: PgliteClient,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<BackupServer> {
  const path = backupSocketPath(dataDir);
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /backup is the only request here\n');
      return;
    }
    req.resume();
    const started = Date.now();
    log.info('backup requested: taken once no transaction is open');
    createBackupArchive(client, dataDir).then(
      (archive) => {
        // Streamed (the Vault's files can be gigabytes). A failure midway cuts the connection, so
        // the client never mistakes a partial archive for a whole one.
        res.writeHead(200, { 'content-type': 'application/x-tar' });
        let bytes = 0;
        archive.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        pipeline(archive, res).then(
          () => log.info({ bytes, ms: Date.now() - started }, 'backup taken'),
          (err: unknown) => log.error({ err }, 'backup failed while it was sent'),
        );
      },
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        const message = err instanceof Error ? err.message : String(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`The server could not take the backup: ${message}\n`);
      },
    );
  });
  // We hold the data-dir lock, so a socket file left here is a killed server's.
  rmSync(path, { force: true });
  // The socket is created by bind() with the umask's mode; 0177 makes it 0600 from the first moment.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(path, { force: true });
    },
  };
}

/** The server is not running (no socket, or nothing listening on it). */
export class NoBackupServerError extends Error {}

/** Asks the server holding `dataDir` for a backup archive, streamed into `target` (a new file, 0600). */
export async function requestBackup(dataDir: string, target: string): Promise<void> {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({ socketPath: backupSocketPath(dataDir), method: 'POST', path: '/backup' }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') reject(new NoBackupServerError(err.message));
      else reject(err);
    });
    req.end();
  });
  if (res.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    throw new Error(Buffer.concat(chunks).toString('utf8').trim() || `status ${res.statusCode}`);
  }
  try {
    await pipeline(res, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch {
    throw new Error('the server closed the connection before the backup was sent');
  }
  if (!res.complete) throw new Error('the server closed the connection before the backup was sent');
}
