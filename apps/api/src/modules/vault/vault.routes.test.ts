import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  VAULT_FILE_MAX_BYTES,
  VAULT_KINDS,
  VAULT_MAX_FILES,
  VAULT_QUOTA_BYTES,
  type VaultKind,
} from '@helo/contract/vault';
import { vaultAccounts, vaultFiles } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { unzip } from '../account/testing.ts';
import { multipart } from '../wallet/testing.ts';
import { elf, exe, heic, jpeg, odf, ooxml, pdf, png, webp, zip } from './vault-fixtures.test-helpers.ts';
import { FILES, storedFiles, tempVaultDir, vaultFileBody, vaultRequests } from './vault-requests.test-helpers.ts';

const vaultDir = tempVaultDir();
const t = useTestApp({ config: { vaultDir } });
const api = vaultRequests(t);

const fieldPaths = (res: { json(): { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);
const userFiles = (userId: string) => storedFiles(vaultDir).filter((f) => f.path.includes(userId));
const account = async (userId: string) =>
  (await t().database.db.select().from(vaultAccounts).where(eq(vaultAccounts.userId, userId)))[0];
const rows = (userId: string) => t().database.db.select().from(vaultFiles).where(eq(vaultFiles.userId, userId));

describe('activation', () => {
  it('is off for a new user, whose every file route answers 403 saying so; activating is 201, then 200', async () => {
    const { token } = await api.newUser(false);
    const status = await api.status(token);
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json().data).toEqual({
      active: false,
      activated_at: null,
      used_bytes: 0,
      quota_bytes: VAULT_QUOTA_BYTES,
      file_max_bytes: VAULT_FILE_MAX_BYTES,
      file_count: 0,
      max_files: VAULT_MAX_FILES,
    });
    const id = randomUUID();
    for (const res of [
      await api.list(token),
      await api.upload(token, 'a.pdf', pdf()),
      await api.get(token, id),
      await api.rename(token, id, { name: 'x' }),
      await api.remove(token, id),
      await api.content(token, id),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toMatch(/^Activate the Vault first/);
    }

    const first = await api.activate(token);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ active: true, used_bytes: 0, file_count: 0 });
    const again = await api.activate(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.activated_at).toBe(first.json().data.activated_at);
    expect((await api.list(token)).json().data).toEqual([]);
  });
});

describe('uploads', () => {
  it('takes each kind, sniffed from the bytes, and lists them newest first with the totals', async () => {
    const { token } = await api.newUser();
    const files: [string, Buffer | string, VaultKind][] = [
      ['statement.pdf', pdf(), 'pdf'],
      ['receipt.png', png(), 'png'],
      ['photo.jpg', jpeg(), 'jpeg'],
      ['sticker.webp', webp(), 'webp'],
      ['IMG_0001.HEIC', heic(), 'heic'],
      ['letter.docx', await ooxml('docx'), 'docx'],
      ['budget.xlsx', await ooxml('xlsx'), 'xlsx'],
      ['deck.pptx', await ooxml('pptx'), 'pptx'],
      ['letter.odt', await odf('odt'), 'odt'],
      ['sheet.ods', await odf('ods'), 'ods'],
      ['bank.csv', 'date,amount\n2026-11-01,12.50\n', 'csv'],
      ['notes.txt', 'Grüße, a note\n', 'txt'],
    ];
    let used = 0;
    for (const [name, content, kind] of files) {
      const res = await api.upload(token, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const size = Buffer.byteLength(content);
      used += size;
      expect(res.json().data.file).toMatchObject({ name, kind, mime_type: VAULT_KINDS[kind].mime, size_bytes: size });
      expect(res.json().data.vault).toMatchObject({ used_bytes: used });
      t().clock.advance(1000);
    }
    const list = (await api.list(token)).json().data;
    expect(list.map((f: { name: string }) => f.name)).toEqual(files.map(([n]) => n).reverse());
    expect((await api.status(token)).json().data).toMatchObject({ used_bytes: used, file_count: files.length });
  });

  it('refuses what it does not take, naming file, and keeps nothing of it', async () => {
    const { token, userId } = await api.newUser();
    const refused: [string, Buffer | string][] = [
      ['invoice.pdf', exe()],
      ['invoice.pdf', elf()],
      ['report.docx', await zip({ 'hello.txt': 'not an office file' })],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02])],
      ['page.html', '<html><body>hi</body></html>'],
    ];
    for (const [name, content] of refused) {
      const res = await api.upload(token, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(fieldPaths(res)).toEqual(['file']);
      expect(res.json().message).toBe(
        `"${name}" is not a file type the Vault takes: PDF, images (PNG, JPEG, HEIC, WebP), Word, Excel, PowerPoint, OpenDocument, CSV or text`,
      );
    }
    // Text whose binary part comes after the sniffed head is refused too.
    const late = Buffer.concat([Buffer.alloc(10_000, 'a'), Buffer.from([0])]);
    expect((await api.upload(token, 'long.txt', late)).statusCode).toBe(400);
    const empty = await api.upload(token, 'empty.pdf', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty');
    expect(userFiles(userId)).toEqual([]);
    expect(await rows(userId)).toEqual([]);
    expect(await account(userId)).toMatchObject({ usedBytes: 0, fileCount: 0 });
  });

  it('refuses a body without exactly one file in the field file', async () => {
    const { token, userId } = await api.newUser();
    const none = await t().app.inject({ method: 'POST', url: FILES, headers: bearer(token), payload: { file: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(fieldPaths(none)).toEqual(['file']);
    const other = await api.uploadBody(token, multipart([{ name: 'doc', filename: 'a.pdf', content: pdf() }]));
    expect(other.statusCode).toBe(400);
    const two = await api.uploadBody(
      token,
      multipart([
        { name: 'file', filename: 'a.pdf', content: pdf() },
        { name: 'file', filename: 'b.pdf', content: pdf() },
      ]),
    );
    expect(two.statusCode, two.body).toBe(400);
    expect(fieldPaths(two)).toEqual(['file']);
    expect(await rows(userId)).toEqual([]);
    expect(userFiles(userId)).toEqual([]);
  });

  it('keeps the name on one line, without a path, at most 200 characters, and refuses NUL', async () => {
    const { token } = await api.newUser();
    const res = await api.upload(token, 'C:\\Users\\me\\My\tscan .pdf', pdf());
    expect(res.json().data.file.name).toBe('My scan .pdf');
    const long = await api.upload(token, `${'é'.repeat(300)}.pdf`, pdf());
    expect(long.json().data.file.name).toBe('é'.repeat(200));
    const nul = await api.uploadBody(token, vaultFileBody('a\u0000b.pdf', pdf()));
    expect(nul.statusCode, nul.body).toBe(400);
    expect(fieldPaths(nul)).toEqual(['file']);
  });

  it('answers 413 above 20 MB, storing nothing', async () => {
    const { token, userId } = await api.newUser();
    const big = Buffer.concat([pdf(), Buffer.alloc(VAULT_FILE_MAX_BYTES, 0x20)]);
    const res = await api.upload(token, 'big.pdf', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('The file is larger than 20 MB, the most the Vault takes for one file');
    expect(fieldPaths(res)).toEqual(['file']);
    expect(userFiles(userId)).toEqual([]);
    const exactly = Buffer.concat([pdf(), Buffer.alloc(VAULT_FILE_MAX_BYTES - pdf().length, 0x20)]);
    expect((await api.upload(token, 'limit.pdf', exactly)).statusCode).toBe(201);
  });

  it('answers 413 past the 500 MB quota, and 409 at 1,000 files', async () => {
    const { token, userId } = await api.newUser();
    const db = t().database.db;
    await db
      .update(vaultAccounts)
      .set({ usedBytes: VAULT_QUOTA_BYTES - 200 })
      .where(eq(vaultAccounts.userId, userId));
    const over = await api.upload(token, 'over.txt', 'x'.repeat(201));
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json().message).toMatch(/would take your Vault past 500 MB/);
    expect((await api.upload(token, 'fits.txt', 'x'.repeat(200))).statusCode).toBe(201);
    expect(await account(userId)).toMatchObject({ usedBytes: VAULT_QUOTA_BYTES, fileCount: 1 });
    expect((await api.upload(token, 'one.txt', 'x')).statusCode).toBe(413);
    expect(userFiles(userId)).toHaveLength(1);

    await db
      .update(vaultAccounts)
      .set({ usedBytes: 0, fileCount: VAULT_MAX_FILES })
      .where(eq(vaultAccounts.userId, userId));
    const many = await api.upload(token, 'more.txt', 'x');
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toMatch(/1,000 files/);
  });

  it('lets exactly one of two uploads at the quota edge in', async () => {
    const { token, userId } = await api.newUser();
    await t()
      .database.db.update(vaultAccounts)
      .set({ usedBytes: VAULT_QUOTA_BYTES - 300 })
      .where(eq(vaultAccounts.userId, userId));
    const [a, b] = await Promise.all([
      api.upload(token, 'a.txt', 'a'.repeat(200)),
      api.upload(token, 'b.txt', 'b'.repeat(200)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 413]);
    expect(await account(userId)).toMatchObject({ usedBytes: VAULT_QUOTA_BYTES - 100, fileCount: 1 });
    expect(await rows(userId)).toHaveLength(1);
    expect(userFiles(userId)).toHaveLength(1);
  });
});

describe('a stored file', () => {
  it('is encrypted on disk: no plaintext of it anywhere under the Vault directory', async () => {
    const { token, userId } = await api.newUser();
    const marker = `vault-marker-${randomUUID()}`;
    await api.stored(token, 'secret.txt', `My bank PIN is ${marker}\n`.repeat(50));
    await api.stored(token, 'secret.pdf', pdf(marker));
    const stored = userFiles(userId);
    expect(stored).toHaveLength(2);
    for (const file of storedFiles(vaultDir)) expect(file.bytes.includes(marker)).toBe(false);
    for (const row of await rows(userId)) expect(JSON.stringify(row)).not.toContain(marker);
  });

  it('downloads byte-equal, as an attachment that is never sniffed or cached', async () => {
    const { token } = await api.newUser();
    const bytes = png();
    const id = await api.stored(token, 'Reçu (mai) 100%.png', bytes);
    const res = await api.content(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Re_u (mai) 100_.png"; filename*=UTF-8''Re%C3%A7u%20%28mai%29%20100%25.png`,
    );
    // Sent as stored even to a client that takes compression, so Content-Length is the document's.
    const text = 'a line of text that compresses well\n'.repeat(200);
    const textId = await api.stored(token, 'long.txt', text);
    const plain = await t().app.inject({
      method: 'GET',
      url: `${FILES}/${textId}/content`,
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(text.length));
    expect(plain.body).toBe(text);
    // A name without its kind's extension gets it on the way out.
    await api.rename(token, id, { name: 'receipt' });
    expect((await api.content(token, id)).headers['content-disposition']).toContain("filename*=UTF-8''receipt.png");
  });

  it('gives an error, never content, when a byte of its stored copy changed', async () => {
    const { token, userId } = await api.newUser();
    const id = await api.stored(token, 'notes.txt', 'the real content of the note\n'.repeat(100));
    const [stored] = userFiles(userId);
    if (!stored) throw new Error('no stored file');
    const flipped = Buffer.from(stored.bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped.writeUInt8(flipped.readUInt8(middle) ^ 0x01, middle);
    writeFileSync(stored.path, flipped);
    const res = await api.content(token, id);
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toMatch(/damaged/);
    expect(res.body).not.toContain('the real content');
    // A cut-off copy too.
    writeFileSync(stored.path, stored.bytes.subarray(0, stored.bytes.length - 1));
    expect((await api.content(token, id)).statusCode).toBe(422);
  });

  it('is renamed with a one-line name, 400 naming name otherwise', async () => {
    const { token } = await api.newUser();
    const id = await api.stored(token, 'a.pdf', pdf());
    const ok = await api.rename(token, id, { name: '  Tax 2026.pdf ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe('Tax 2026.pdf');
    expect((await api.get(token, id)).json().data.name).toBe('Tax 2026.pdf');
    for (const name of ['', 'two\nlines', 'x'.repeat(201), 42]) {
      const res = await api.rename(token, id, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(fieldPaths(res)).toEqual(['name']);
    }
  });

  it('is deleted with its bytes, and the totals go down', async () => {
    const { token, userId } = await api.newUser();
    const keep = await api.stored(token, 'keep.pdf', pdf());
    const id = await api.stored(token, 'gone.pdf', pdf('gone'));
    expect(userFiles(userId)).toHaveLength(2);
    const res = await api.remove(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vault).toMatchObject({ used_bytes: pdf().length, file_count: 1 });
    expect(userFiles(userId).map((f) => f.path)).toEqual([join(vaultDir, userId, keep)]);
    expect((await api.remove(token, id)).statusCode).toBe(404);
    expect((await api.content(token, id)).statusCode).toBe(404);
    expect(existsSync(join(vaultDir, userId, id))).toBe(false);
  });

  it("is a 404 on every route for another user, and for an id that is no file's", async () => {
    const a = await api.newUser();
    const b = await api.newUser();
    const id = await api.stored(a.token, 'mine.pdf', pdf());
    for (const wrong of [id, randomUUID(), 'not-a-uuid']) {
      for (const res of [
        await api.get(b.token, wrong),
        await api.rename(b.token, wrong, { name: 'stolen' }),
        await api.remove(b.token, wrong),
        await api.content(b.token, wrong),
      ]) {
        expect(res.statusCode, `${wrong}: ${res.body}`).toBe(404);
      }
    }
    expect((await api.list(b.token)).json().data).toEqual([]);
    expect((await api.get(a.token, id)).json().data.name).toBe('mine.pdf');
    expect((await api.content(a.token, id)).rawPayload.equals(pdf())).toBe(true);
  });
});

describe('the account', () => {
  it('exports each file decrypted under files/vault/, names made unique', async () => {
    const { token } = await api.newUser();
    await elevate(t(), token);
    await api.stored(token, 'scan.pdf', pdf('one'));
    t().clock.advance(1000);
    await api.stored(token, 'scan.pdf', pdf('two'));
    t().clock.advance(1000);
    const notes = await api.stored(token, 'notes.txt', 'plain words, no extension');
    await api.rename(token, notes, { name: 'notes' });
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/account/export', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(files.get('files/vault/scan.pdf')?.equals(pdf('one'))).toBe(true);
    expect(files.get('files/vault/scan (2).pdf')?.equals(pdf('two'))).toBe(true);
    expect(files.get('files/vault/notes.txt')?.toString()).toBe('plain words, no extension');
    const csv = files.get('csv/vault_files.csv')?.toString() ?? '';
    expect(csv).toContain('scan.pdf');
    expect(csv).not.toContain('wrapped_key');
    expect(csv).not.toContain('storage_key');
  });

  it('exports a damaged file as a note beside where it would be, never its bytes', async () => {
    const { token, userId } = await api.newUser();
    await elevate(t(), token);
    await api.stored(token, 'fine.txt', 'fine words\n');
    t().clock.advance(1000);
    const id = await api.stored(token, 'broken.txt', 'secret words\n'.repeat(20));
    const stored = userFiles(userId).find((f) => f.path.endsWith(id));
    if (!stored) throw new Error('no stored file');
    writeFileSync(stored.path, stored.bytes.subarray(0, stored.bytes.length - 3));
    const res = await t().app.inject({ method: 'GET', url: '/api/v1/account/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(files.get('files/vault/fine.txt')?.toString()).toBe('fine words\n');
    expect(files.has('files/vault/broken.txt')).toBe(false);
    expect(files.get('files/vault/broken.txt (damaged).txt')?.toString()).toMatch(/damaged in storage/);
    for (const content of files.values()) expect(content.includes('secret words')).toBe(false);
  });

  it("deletion removes the user's stored bytes once it committed", async () => {
    const { token, userId } = await api.newUser();
    await elevate(t(), token);
    await api.stored(token, 'a.pdf', pdf());
    expect(userFiles(userId)).toHaveLength(1);
    const res = await t().app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: bearer(token),
      payload: { password: GOOD_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t().app.backgroundWork.drain();
    expect(userFiles(userId)).toEqual([]);
    expect(existsSync(join(vaultDir, userId))).toBe(false);
  });
});
