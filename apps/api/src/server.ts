import { join, resolve } from 'node:path';
import { openDatabase } from '@helo/db/client';
import { buildApp } from './app.ts';
import { type BackupServer, serveBackups } from './backup/backup-socket.ts';
import { ConfigError, loadConfig } from './config.ts';
import { clearStalePostmasterPid, DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { PRIVATE_UMASK, tightenPrivateDir } from './lib/private-dir.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  // Everything this process creates (PGlite's files included) is its user's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  const loosePermissions = tightenPrivateDir(config.dataDir);
  config.webDist ??= resolve(import.meta.dirname, '../../web/dist');

  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (!config.databaseUrl) {
    dataDir = join(config.dataDir, 'pglite');
    releaseLock = lockDataDir(config.dataDir);
    clearStalePostmasterPid(dataDir);
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir });
  await database.migrate();
  const { app } = await buildApp(config, { database, scheduler: true });
  if (loosePermissions !== undefined) {
    app.log.warn(
      { dataDir: config.dataDir, was: loosePermissions.toString(8).padStart(4, '0'), now: '0700' },
      'DATA_DIR could be read by other local users: its permissions were tightened to 0700',
    );
  }
  // `npm run backup` cannot open a data directory this process holds, so this process takes it.
  let backups: BackupServer | undefined;
  if (database.raw.kind === 'pglite') {
    backups = await serveBackups(database.raw.client, config.dataDir, app.log).catch((err: unknown) => {
      app.log.warn({ err }, 'backups: no socket in the data directory; npm run backup needs the server stopped');
      return undefined;
    });
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      releaseLock();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await Promise.all([app.close(), backups?.close()]);
      await database.close();
    } finally {
      releaseLock();
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, mail: config.smtpUrl ? 'smtp' : 'outbox', url: config.appUrl },
    `Helo is running at ${config.appUrl}`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Helo failed to start:', err);
  }
  process.exit(1);
});
