import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from './disk-storage.ts';
import { FileNotStoredError } from './file-storage.ts';
import { InvalidStorageKeyError } from './storage-key.ts';

let root: string;
let dir: string;
let storage: DiskStorage;
const user = randomUUID();
const file = randomUUID();
const key = `${user}/${file}`;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'helo-disk-storage-'));
  dir = join(root, 'vault');
  storage = new DiskStorage(dir);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A body that sends some bytes, then fails as a client that disconnects mid-upload would. */
function failingBody(): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(1000);
      throw new Error('client went away');
    })(),
  );
}

describe('disk storage', () => {
  it('stores bytes and reads them back, counting them', async () => {
    const body = randomBytes(300_000);
    expect(await storage.write(key, Readable.from([body.subarray(0, 5), body.subarray(5)]))).toEqual({
      bytes: 300_000,
    });
    expect((await bytesOf(await storage.read(key))).equals(body)).toBe(true);
    expect(await readFile(join(dir, user, file))).toEqual(body);
  });

  it('keeps the files private to the server: directories 0700, files 0600', async () => {
    await storage.write(key, Readable.from([Buffer.from('x')]));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, user))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, user, file))).mode & 0o777).toBe(0o600);
  });

  it('replaces a key written twice, and stores an empty body', async () => {
    await storage.write(key, Readable.from([Buffer.from('first')]));
    await storage.write(key, Readable.from([Buffer.from('second')]));
    expect(await text(await storage.read(key))).toBe('second');
    expect(await storage.write(`${user}/${randomUUID()}`, Readable.from([]))).toEqual({ bytes: 0 });
  });

  it('leaves nothing behind when the body fails, and keeps an older version intact', async () => {
    await expect(storage.write(key, failingBody())).rejects.toThrow('client went away');
    await expect(storage.read(key)).rejects.toBeInstanceOf(FileNotStoredError);
    expect(await readdir(join(dir, user))).toEqual([]);

    await storage.write(key, Readable.from([Buffer.from('kept')]));
    await expect(storage.write(key, failingBody())).rejects.toThrow('client went away');
    expect(await text(await storage.read(key))).toBe('kept');
    expect(await readdir(join(dir, user))).toEqual([file]);
  });

  it('answers FileNotStoredError for a key that holds nothing', async () => {
    await expect(storage.read(key)).rejects.toBeInstanceOf(FileNotStoredError);
    await expect(storage.read(`${randomUUID()}/${randomUUID()}`)).rejects.toBeInstanceOf(FileNotStoredError);
  });

  it('removes a key; removing a missing key is not an error', async () => {
    await storage.write(key, Readable.from([Buffer.from('x')]));
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toBeInstanceOf(FileNotStoredError);
    await storage.remove(key);
  });

  it("removes a whole user's files and nobody else's", async () => {
    const other = `${randomUUID()}/${randomUUID()}`;
    await storage.write(key, Readable.from([Buffer.from('a')]));
    await storage.write(`${user}/${randomUUID()}`, Readable.from([Buffer.from('b')]));
    await storage.write(other, Readable.from([Buffer.from('c')]));
    await storage.removePrefix(`${user}/`);
    await expect(storage.read(key)).rejects.toBeInstanceOf(FileNotStoredError);
    expect(await readdir(dir)).toEqual([other.split('/')[0]]);
    expect(await text(await storage.read(other))).toBe('c');
    await storage.removePrefix(`${user}/`);
  });

  it.each([
    '../etc/passwd',
    `${user}/../${file}`,
    `${user}/..`,
    `../${file}`,
    `/${user}/${file}`,
    `${user}/${file}/more`,
    user,
    `${user}/`,
    `${user}/.tmp-x`,
    `${user}\\${file}`,
    '',
    `${user}/a b`,
  ])('refuses the key %j before touching the disk', async (bad) => {
    await expect(storage.write(bad, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.read(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.remove(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(readdir(root)).resolves.toEqual([]);
  });

  it.each(['', '/', '../', '..', `${user}/${file}`, `${user}//`])('refuses the prefix %j', async (bad) => {
    await expect(storage.removePrefix(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
