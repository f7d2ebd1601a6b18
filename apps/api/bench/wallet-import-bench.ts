import { startBenchServer } from './bench-server.ts';
import { signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';

export const IMPORT_ROWS = 10_000;
/** Upload + commit of a 10,000-row bank CSV, on PostgreSQL (issue 15). */
export const IMPORT_TARGET_MS = 5_000;

/** A bank export of `rows` card payments, refunds and paychecks over two years, newest first. */
export function bankCsv(rows: number): string {
  const payees = [
    "Trader Joe's",
    'Shell Oil 5731',
    'Blue Bottle Coffee',
    'Amazon Marketplace',
    'Con Edison',
    'Uber Trip',
  ];
  const lines = ['Date,Description,Amount,Memo'];
  const start = Date.UTC(2026, 10, 20);
  for (let i = 0; i < rows; i++) {
    const day = new Date(start - Math.floor(i / 14) * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const payee = i % 97 === 0 ? 'ACME Corp Payroll' : `${payees[i % payees.length]} #${i % 50}`;
    const cents = i % 97 === 0 ? 245_000 : i % 31 === 0 ? 1_000 + (i % 900) : -(100 + ((i * 7919) % 20_000));
    const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    lines.push(`${date},"${payee}",${amount},${i % 5 === 0 ? `Ref ${i}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A POST of the imports' (a bank file as multipart, or JSON), answering the envelope's data. */
export async function postImport(url: string, path: string, token: string, body: FormData | object) {
  const form = body instanceof FormData;
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/**
 * One signed-in user on a loopback server uploads a 10,000-row CSV and commits it (every row
 * new), then uploads and commits it again (every row a duplicate). Each upload + commit is timed
 * from the first byte sent to the commit's answer; the target is for the first one.
 */
export async function walletImport(target: BenchDatabase): Promise<boolean> {
  const database = await target.open();
  const server = await startBenchServer(database);
  try {
    const [user] = await signUpUsers(server.url, 1, 'import');
    if (!user) throw new Error('no bench user');
    await postImport(server.url, '/v1/nest/activate', user.token, {});
    const csv = bankCsv(IMPORT_ROWS);
    const run = async () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'checking.csv');
      const started = performance.now();
      const preview = await postImport(server.url, '/v1/wallet/imports', user.token, form);
      const uploaded = performance.now();
      const result = await postImport(server.url, `/v1/wallet/imports/${preview.id}/commit`, user.token, {});
      const done = performance.now();
      return { result, upload: uploaded - started, commit: done - uploaded, total: done - started };
    };
    const first = await run();
    const again = await run();
    const kb = Math.round(Buffer.byteLength(csv) / 1024);
    console.log(`\n${target.label}: bank file import, ${IMPORT_ROWS.toLocaleString('en-US')} CSV rows (${kb} KB)`);
    for (const [label, r] of [
      ['new rows', first],
      ['same file again (all duplicates)', again],
    ] as const) {
      console.log(
        `  ${label}: upload + preview ${Math.round(r.upload)} ms, commit ${Math.round(r.commit)} ms, total ${Math.round(r.total)} ms (inserted ${r.result.inserted}, duplicates ${r.result.duplicates})`,
      );
    }
    const ok = first.result.inserted === IMPORT_ROWS && again.result.inserted === 0 && first.total < IMPORT_TARGET_MS;
    console.log(`  target: upload + commit < ${IMPORT_TARGET_MS} ms on PostgreSQL: ${ok ? 'met' : 'MISSED'}`);
    return ok;
  } finally {
    await server.close();
    await database.close();
  }
}
