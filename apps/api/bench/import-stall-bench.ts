import { cpus, loadavg } from 'node:os';
import { MAX_CSV_ROWS } from '../src/modules/wallet/index.ts';
import { startBenchServer } from './bench-server.ts';
import { callsAs, signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';
import { bankCsv, postImport } from './wallet-import-bench.ts';

/** Other users' reads while one user commits the largest import allowed (issue 24 item 4). */
export const STALL_P95_TARGET_MS = 500;
const READERS = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * One user uploads a bank CSV of the most rows an import takes (100,000, 4 MB of the 5 MB allowed)
 * and commits it; while the commit runs, five other signed-in users each read their Wallet's first
 * page, its summary and their loans, one request after another, and every read's time is kept.
 * Target: p95 < 500 ms on PGlite and on PostgreSQL. The same reads are timed before the commit, as
 * the baseline of this machine's load.
 */
export async function importStall(target: BenchDatabase): Promise<boolean> {
  const database = await target.open();
  const server = await startBenchServer(database);
  try {
    const [importer, ...readers] = await signUpUsers(server.url, READERS + 1, 'stall');
    if (!importer || readers.length < READERS) throw new Error('no bench users');
    for (const user of [importer, ...readers]) await callsAs(server.url, user.token)('POST', '/v1/nest/activate');
    const csv = bankCsv(MAX_CSV_ROWS);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'checking.csv');
    const preview = await postImport(server.url, '/v1/wallet/imports', importer.token, form);

    const paths = ['/v1/wallet/transactions', '/v1/wallet/summary', '/v1/user-debts'];
    const readWhile = async (running: () => boolean) => {
      const times: number[] = [];
      await Promise.all(
        readers.map(async (reader, r) => {
          for (let i = r; running(); i++) {
            const started = performance.now();
            const res = await fetch(`${server.url}/api${paths[i % paths.length]}`, {
              headers: { authorization: `Bearer ${reader.token}` },
            });
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`read: ${res.status}`);
            times.push(performance.now() - started);
          }
        }),
      );
      return times.sort((a, b) => a - b);
    };
    const quietUntil = performance.now() + 3_000;
    const quiet = await readWhile(() => performance.now() < quietUntil);

    const load = () => loadavg()[0]?.toFixed(1);
    const loadBefore = load();
    let committing = true;
    const started = performance.now();
    const commit = postImport(server.url, `/v1/wallet/imports/${preview.id}/commit`, importer.token, {}).finally(() => {
      committing = false;
    });
    const during = await readWhile(() => committing);
    const result = await commit;
    const commitMs = performance.now() - started;

    const line = (label: string, t: number[]) =>
      `  ${label.padEnd(28)} ${String(t.length).padStart(5)} reads  p50 ${percentile(t, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(t, 95).toFixed(0).padStart(5)} ms  max ${(t.at(-1) ?? 0).toFixed(0).padStart(5)} ms`;
    console.log(
      `\n${target.label}: other users' reads while one user commits a ${MAX_CSV_ROWS.toLocaleString('en-US')}-row CSV (${Math.round(Buffer.byteLength(csv) / 1024)} KB), ${READERS} readers`,
    );
    console.log(line('before the commit (3 s)', quiet));
    console.log(line('during the commit', during));
    console.log(
      `  commit ${Math.round(commitMs)} ms (inserted ${result.inserted}); load average ${loadBefore} before, ${load()} after (${cpus().length} cores)`,
    );
    const p95 = percentile(during, 95);
    const ok = result.inserted === MAX_CSV_ROWS && during.length > 0 && p95 < STALL_P95_TARGET_MS;
    console.log(`  target: p95 < ${STALL_P95_TARGET_MS} ms during the commit: ${ok ? 'met' : 'MISSED'}`);
    return ok;
  } finally {
    await server.close();
    await database.close();
  }
}
