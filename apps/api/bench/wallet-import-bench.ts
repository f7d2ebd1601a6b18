import { BANK_FILE_FORMATS, bankFile } from './bank-file-generators.ts';
import { startBenchServer } from './bench-server.ts';
import { signUpUsers } from './bench-users.ts';
import type { BenchDatabase } from './databases.ts';

export const IMPORT_ROWS = 10_000;
/** A 10,000-row bank file in any format, on PostgreSQL (issue 28): read and previewed, then committed. */
export const PREVIEW_TARGET_MS = 2_000;
export const COMMIT_TARGET_MS = 5_000;

/** A bank export of `rows` card payments, refunds and paychecks over two years, newest first. */
export const bankCsv = (rows: number): string => bankFile('csv', rows).text;

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
 * For each format Helo reads, a user of its own on a loopback server uploads a 10,000-row file and
 * commits it (every row new), then uploads and commits it again (every row already there). The
 * upload is timed from the first byte sent to the preview's answer, the commit to its answer; the
 * targets are for the first file.
 */
export async function walletImport(target: BenchDatabase): Promise<boolean> {
  const database = await target.open();
  const server = await startBenchServer(database);
  let ok = true;
  try {
    const users = await signUpUsers(server.url, BANK_FILE_FORMATS.length, 'import');
    console.log(`\n${target.label}: bank file import, ${IMPORT_ROWS.toLocaleString('en-US')} rows per file`);
    for (const [i, format] of BANK_FILE_FORMATS.entries()) {
      const user = users[i];
      if (!user) throw new Error('no bench user');
      await postImport(server.url, '/v1/nest/activate', user.token, {});
      const file = bankFile(format, IMPORT_ROWS);
      const run = async () => {
        const form = new FormData();
        form.append('file', new Blob([file.text]), file.name);
        const started = performance.now();
        const preview = await postImport(server.url, '/v1/wallet/imports', user.token, form);
        const uploaded = performance.now();
        const result = await postImport(server.url, `/v1/wallet/imports/${preview.id}/commit`, user.token, {});
        return { result, upload: uploaded - started, commit: performance.now() - uploaded };
      };
      try {
        const first = await run();
        const again = await run();
        const kb = Math.round(Buffer.byteLength(file.text) / 1024);
        const met = first.upload < PREVIEW_TARGET_MS && first.commit < COMMIT_TARGET_MS;
        const right = first.result.inserted === IMPORT_ROWS && again.result.inserted === 0;
        console.log(
          `  ${format.toUpperCase()} (${kb} KB): upload + preview ${Math.round(first.upload)} ms, commit ${Math.round(first.commit)} ms` +
            ` (inserted ${first.result.inserted}); again: ${Math.round(again.upload)} + ${Math.round(again.commit)} ms` +
            ` (inserted ${again.result.inserted}, duplicates ${again.result.duplicates})${met && right ? '' : ' MISSED'}`,
        );
        ok &&= met && right;
      } catch (e) {
        console.log(`  ${format.toUpperCase()}: FAILED ${(e as Error).message}`);
        ok = false;
      }
    }
    console.log(
      `  targets: preview < ${PREVIEW_TARGET_MS} ms and commit < ${COMMIT_TARGET_MS} ms on PostgreSQL, every format: ${ok ? 'met' : 'MISSED'}`,
    );
    return ok;
  } finally {
    await server.close();
    await database.close();
  }
}
