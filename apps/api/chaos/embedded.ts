import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@helo/db/client';
import { productToday } from '../src/lib/product-day.ts';
import { freePort, type ServerProcess, startServer, waitReady } from '../test/server-process.ts';
import { ChaosUser, call } from './chaos-user.ts';
import type { ChaosOptions, ChaosResult } from './options.ts';
import { seededRandom } from './random.ts';
import { verifyWrites } from './verifier.ts';
import { writeKinds } from './write-kinds.ts';
import { WriteRecord } from './write-record.ts';
import { WriteStream } from './write-stream.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Recovery after a kill replays the WAL; a slow, shared machine may take a while.
const READY_TIMEOUT_MS = 180_000;
// Info logs (start-up steps, requests) are what explains a server that does not come back.
export const SERVER_ENV = { LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '1000' };

/**
 * The embedded server (PGlite on a data directory): kill -9 it at a random moment while users write,
 * start it again on the same directory, and check every acknowledged write over HTTP. At the end it
 * stops cleanly and the directory is opened directly to check what no route reads back (feedback).
 */
export async function runEmbeddedChaos(opts: ChaosOptions): Promise<ChaosResult> {
  const random = seededRandom(opts.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'helo-chaos-'));
  const crashCopy = `${dataDir}-as-killed`;
  const port = await freePort();
  const record = new WriteRecord();
  const result: ChaosResult = { kills: 0, startupKills: 0, restarts: 0, lost: [], failures: [], record, notes: [] };
  let server: ServerProcess = startServer(dataDir, port, SERVER_ENV);
  try {
    await waitReady(server, READY_TIMEOUT_MS);
    const debts = (await call(server.url, 'GET', '/api/v1/debts')).body as { data: { id: number }[] };
    const users = Array.from({ length: opts.users }, (_, i) => new ChaosUser(`embedded${i}-${opts.seed}`));
    for (const user of users) await user.register(server.url);
    const stream = new WriteStream({
      users,
      kinds: writeKinds,
      record,
      random,
      target: () => server.url,
      debtIds: debts.data.map((d) => d.id),
      today: productToday(new Date()),
    });
    const overHttp = (user: ChaosUser) => ({ user, url: server.url, sql: undefined });

    for (let round = 1; round <= opts.kills; round++) {
      stream.start();
      const after = random.int(opts.minKillMs, opts.maxKillMs);
      await sleep(after);
      const cutBefore = record.unknown;
      server.child.kill('SIGKILL');
      await server.exited;
      await stream.stop();
      result.kills += 1;
      const cut = record.unknown - cutBefore;
      // The directory as the kill left it, so a restart that fails can be replayed on a copy.
      rmSync(crashCopy, { recursive: true, force: true });
      cpSync(dataDir, crashCopy, { recursive: true });

      let startupKill = '';
      if (random.next() < (opts.startupKillShare ?? 0)) {
        const into = random.int(50, 4_000);
        server = startServer(dataDir, port, SERVER_ENV);
        await Promise.race([server.exited, sleep(into)]);
        if (server.child.exitCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
          result.startupKills += 1;
          startupKill = `, killed again ${into} ms into its start`;
        }
      }
      const started = Date.now();
      server = startServer(dataDir, port, SERVER_ENV);
      try {
        await waitReady(server, READY_TIMEOUT_MS);
      } catch (err) {
        const live = await call(server.url, 'GET', '/api/health/live').then(
          (r) => `answers /api/health/live with ${r.status}`,
          () => 'is not listening',
        );
        result.failures.push(
          `restart ${round}: the server did not come back (it ${live}): ${String(err).slice(-6000)}`,
        );
        break;
      }
      const readyMs = Date.now() - started;
      const lost = await verifyWrites(users, writeKinds, record, overHttp);
      result.lost.push(...lost);
      if (lost.length === 0) result.restarts += 1;
      opts.log(
        `restart ${String(round).padStart(2)}/${opts.kills}: killed after ${String(after).padStart(4)} ms ` +
          `(${cut} write${cut === 1 ? '' : 's'} cut off${startupKill}), ready in ${(readyMs / 1000).toFixed(1)} s, ` +
          `${record.acknowledged} acknowledged writes checked, ${lost.length} lost`,
      );
      for (const l of lost)
        opts.log(`  LOST ${l.slot}: expected ${JSON.stringify(l.expected)}, found ${JSON.stringify(l.found)}`);
    }

    // A clean stop, then the directory opened by another process: it opens, and holds the feedback too.
    server.child.kill('SIGTERM');
    const code = await server.exited;
    if (code !== 0) result.failures.push(`the last server did not stop cleanly (exit ${code})`);
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
      const client = database.raw.client;
      const sql = async (text: string, params: unknown[]) =>
        (await client.query<Record<string, unknown>>(text, params)).rows;
      const lost = await verifyWrites(
        users,
        writeKinds.filter((k) => k.shape === 'append'),
        record,
        (user) => ({
          user,
          url: '',
          sql,
        }),
      );
      result.lost.push(...lost);
      for (const l of lost)
        opts.log(`  LOST ${l.slot}: expected ${JSON.stringify(l.expected)}, found ${JSON.stringify(l.found)}`);
      result.notes.push(`the data directory opens directly after the run; feedback checked in it: ${lost.length} lost`);
    } finally {
      await database.close();
    }
  } catch (err) {
    result.failures.push(`${String(err)}\n--- server output ---\n${server.output().slice(-3000)}`);
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    if (result.failures.length === 0 && result.lost.length === 0) {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(crashCopy, { recursive: true, force: true });
    } else {
      result.notes.push(`data directory kept for inspection: ${dataDir}, and as the last kill left it: ${crashCopy}`);
    }
  }
  return result;
}
