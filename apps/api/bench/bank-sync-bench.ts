import { fakeAccount, startFakeBridge } from '../src/modules/bank-connections/testing.ts';
import { startBenchServer } from './bench-server.ts';
import { signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';
import { postImport } from './wallet-import-bench.ts';

export const SYNC_ACCOUNTS = 5;
export const SYNC_ROWS = 1_000;
/** A sync of 5 bank accounts × 1,000 transactions, on PostgreSQL (issue 28 item 4). */
export const SYNC_TARGET_MS = 5_000;

async function call(url: string, method: 'POST' | 'PUT', path: string, token: string, body?: object) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/**
 * One user connects to a SimpleFIN Bridge on loopback (the tests' fake one) holding 5 accounts of
 * 1,000 transactions each, maps each to a new account, and syncs: timed from the request to its
 * answer (the bridge's answer, read and checked, included). Then syncs again (every row held already).
 */
export async function bankSync(target: BenchDatabase): Promise<boolean> {
  const database = await target.open();
  const server = await startBenchServer(database);
  const bridge = await startFakeBridge();
  try {
    bridge.accounts = Array.from({ length: SYNC_ACCOUNTS }, (_, i) =>
      fakeAccount(`acct${i}`, `Bank account ${i + 1}`, SYNC_ROWS, new Date().toISOString().slice(0, 10)),
    );
    const [user] = await signUpUsers(server.url, 1, 'bank-sync');
    if (!user) throw new Error('no bench user');
    await postImport(server.url, '/v1/nest/activate', user.token, {});
    const connection = (await call(server.url, 'POST', '/v1/bank-connections', user.token, {
      provider: 'simplefin',
      setup_token: bridge.setupToken(),
    })) as { id: string; accounts: { id: string; name: string }[] };
    await call(server.url, 'PUT', `/v1/bank-connections/${connection.id}/accounts`, user.token, {
      accounts: connection.accounts.map((a) => ({ id: a.id, account: { create: { name: a.name } } })),
    });
    const run = async () => {
      const started = performance.now();
      const result = await call(server.url, 'POST', `/v1/bank-connections/${connection.id}/sync`, user.token);
      return { result, ms: performance.now() - started };
    };
    const first = await run();
    const again = await run();
    console.log(
      `\n${target.label}: bank connection sync, ${SYNC_ACCOUNTS} accounts × ${SYNC_ROWS.toLocaleString('en-US')} transactions`,
    );
    console.log(`  first sync: ${Math.round(first.ms)} ms (added ${first.result.added})`);
    console.log(`  again (all held already): ${Math.round(again.ms)} ms (added ${again.result.added})`);
    const ok =
      first.result.added === SYNC_ACCOUNTS * SYNC_ROWS && again.result.added === 0 && first.ms < SYNC_TARGET_MS;
    console.log(`  target: sync < ${SYNC_TARGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
    return ok;
  } finally {
    await bridge.close();
    await server.close();
    await database.close();
  }
}
