import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decryptStream, encryptStream, fileContext, newDataKey } from './file-cipher.ts';
import { FileNotStoredError } from './file-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { InvalidStorageKeyError } from './storage-key.ts';

/**
 * A small in-process S3 server speaking the REST API the AWS SDK sends (path-style): PutObject,
 * the multipart upload calls (create, upload part, complete, abort), GetObject, DeleteObject,
 * ListObjectsV2 (with continuation, pages of LIST_PAGE keys so paging is exercised) and
 * DeleteObjects. It checks that every request is SigV4-signed with the configured key id, and keeps
 * objects and unfinished uploads in maps the tests inspect. Real S3 behaviour it mirrors: nothing is
 * visible under a key until a PUT or a multipart completion finished; a missing key answers 404
 * NoSuchKey; deleting a missing key succeeds.
 */
const BUCKET = 'helo-vault-test';
const ACCESS_KEY_ID = 'HELOTESTKEY';
const LIST_PAGE = 3;

const objects = new Map<string, Buffer>();
const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
const seen: string[] = [];

async function body(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const raw = Buffer.concat(parts);
  return String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ? unchunk(raw) : raw;
}

/** aws-chunked: `<hex size>[;signature]\r\n<bytes>\r\n` ... `0\r\n<trailers>\r\n\r\n`. */
function unchunk(raw: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = Number.parseInt(raw.subarray(at, eol).toString().split(';')[0] as string, 16);
    if (!size) return Buffer.concat(out);
    out.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

function xml(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
}

function s3Error(res: ServerResponse, status: number, code: string): void {
  xml(res, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://s3.test');
  const q = url.searchParams;
  const [, bucket, ...rest] = url.pathname.split('/');
  const key = decodeURIComponent(rest.join('/'));
  const method = req.method ?? 'GET';
  seen.push(`${method} ${key ? 'object' : 'bucket'}${[...q.keys()].map((k) => ` ${k}`).join('')}`);
  if (!String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`)) {
    return s3Error(res, 403, 'AccessDenied');
  }
  if (bucket !== BUCKET) return s3Error(res, 404, 'NoSuchBucket');

  if (!key) {
    if (method === 'GET' && q.get('list-type') === '2') {
      const prefix = q.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      // Like S3's, the token marks the last key listed (not an offset), so deleting keys between pages skips nothing.
      const after = Buffer.from(q.get('continuation-token') ?? '', 'base64url').toString();
      const rest = all.filter((k) => k > after);
      const page = rest.slice(0, LIST_PAGE);
      const more = rest.length > LIST_PAGE;
      const next = Buffer.from(page.at(-1) ?? '').toString('base64url');
      const contents = page.map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)?.length}</Size></Contents>`);
      return xml(
        res,
        200,
        `<ListBucketResult><Name>${BUCKET}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}` +
          `${contents.join('')}</ListBucketResult>`,
      );
    }
    if (method === 'POST' && q.has('delete')) {
      const text = (await body(req)).toString();
      for (const match of text.matchAll(/<Key>([^<]+)<\/Key>/g)) objects.delete(match[1] as string);
      return xml(res, 200, '<DeleteResult></DeleteResult>');
    }
    return s3Error(res, 501, 'NotImplemented');
  }

  const uploadId = q.get('uploadId');
  if (method === 'POST' && q.has('uploads')) {
    const id = randomUUID();
    uploads.set(id, { key, parts: new Map() });
    return xml(
      res,
      200,
      `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
    );
  }
  if (uploadId) {
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) return s3Error(res, 404, 'NoSuchUpload');
    if (method === 'PUT' && q.has('partNumber')) {
      const bytes = await body(req);
      upload.parts.set(Number(q.get('partNumber')), bytes);
      res.writeHead(200, { etag: etag(bytes) });
      return void res.end();
    }
    if (method === 'POST') {
      const text = (await body(req)).toString();
      const numbers = [...text.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const parts = numbers.map((n) => upload.parts.get(n));
      if (numbers.length === 0 || parts.some((p) => !p)) return s3Error(res, 400, 'InvalidPart');
      const whole = Buffer.concat(parts as Buffer[]);
      objects.set(key, whole);
      uploads.delete(uploadId);
      return xml(
        res,
        200,
        `<CompleteMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><ETag>${etag(whole)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (method === 'DELETE') {
      uploads.delete(uploadId);
      res.writeHead(204);
      return void res.end();
    }
  }
  if (method === 'PUT') {
    const bytes = await body(req);
    objects.set(key, bytes);
    res.writeHead(200, { etag: etag(bytes) });
    return void res.end();
  }
  if (method === 'GET') {
    const bytes = objects.get(key);
    if (!bytes) return s3Error(res, 404, 'NoSuchKey');
    res.writeHead(200, {
      'content-length': bytes.length,
      'content-type': 'application/octet-stream',
      etag: etag(bytes),
    });
    return void res.end(bytes);
  }
  if (method === 'DELETE') {
    objects.delete(key);
    res.writeHead(204);
    return void res.end();
  }
  return s3Error(res, 501, 'NotImplemented');
}

let server: Server;
let storage: S3Storage;

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.destroy(error as Error);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  storage = new S3Storage({
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: 'test-secret' },
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
});
beforeEach(() => {
  objects.clear();
  uploads.clear();
  seen.length = 0;
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Sends `size` random bytes in 64 KiB pieces, then fails as a client that disconnects would. */
function failingBody(size: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < size; sent += 65536) yield randomBytes(65536);
      throw new Error('client went away');
    })(),
  );
}

const user = randomUUID();
const key = `${user}/${randomUUID()}`;

describe('S3 storage', () => {
  it('stores a small file in one PUT and reads it back', async () => {
    const bytes = randomBytes(100_000);
    expect(await storage.write(key, Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]))).toEqual({
      bytes: 100_000,
    });
    expect(objects.get(key)?.equals(bytes)).toBe(true);
    expect((await bytesOf(await storage.read(key))).equals(bytes)).toBe(true);
    expect(seen).toContain('PUT object x-id');
  });

  it('streams a large file as a multipart upload, and an encrypted document round-trips', async () => {
    const plain = randomBytes(12 * 1024 * 1024 + 5);
    const dataKey = newDataKey();
    const context = fileContext(user, 'doc');
    const sealed = Readable.from([plain]).pipe(encryptStream(dataKey, context));
    const { bytes } = await storage.write(key, sealed);
    expect(bytes).toBeGreaterThan(plain.length);
    expect(seen.filter((s) => s.startsWith('PUT object partNumber'))).toHaveLength(3);
    expect(uploads.size).toBe(0);
    expect(objects.get(key)?.length).toBe(bytes);
    expect(objects.get(key)?.includes(plain.subarray(0, 64))).toBe(false);
    const out: Buffer[] = [];
    await pipeline(await storage.read(key), decryptStream(dataKey, context), async (source: AsyncIterable<Buffer>) => {
      for await (const part of source) out.push(part);
    });
    expect(Buffer.concat(out).equals(plain)).toBe(true);
  });

  it('stores an empty file', async () => {
    expect(await storage.write(key, Readable.from([]))).toEqual({ bytes: 0 });
    expect((await bytesOf(await storage.read(key))).length).toBe(0);
  });

  it('leaves nothing behind when the body fails, before or after the first part went up', async () => {
    await expect(storage.write(key, failingBody(100_000))).rejects.toThrow('client went away');
    expect(objects.size).toBe(0);
    await expect(storage.write(key, failingBody(11 * 1024 * 1024))).rejects.toThrow('client went away');
    expect(seen.some((s) => s.startsWith('PUT object partNumber'))).toBe(true);
    expect(objects.size).toBe(0);
    // The multipart upload was aborted, so S3 keeps (and bills) no orphan parts.
    expect(uploads.size).toBe(0);
  });

  it('answers FileNotStoredError for a key that holds nothing', async () => {
    await expect(storage.read(key)).rejects.toBeInstanceOf(FileNotStoredError);
  });

  it('removes a key; removing a missing key is not an error', async () => {
    await storage.write(key, Readable.from([Buffer.from('x')]));
    await storage.remove(key);
    expect(objects.has(key)).toBe(false);
    await storage.remove(key);
  });

  it("removes every file of a user, across list pages, and nobody else's", async () => {
    const mine = Array.from({ length: 7 }, () => `${user}/${randomUUID()}`);
    const other = `${randomUUID()}/${randomUUID()}`;
    for (const k of [...mine, other]) await storage.write(k, Readable.from([Buffer.from(k)]));
    await storage.removePrefix(`${user}/`);
    expect([...objects.keys()]).toEqual([other]);
    expect(seen.filter((s) => s.startsWith('GET bucket') && s.includes(' list-type')).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a key that is not <user id>/<file id> without calling S3', async () => {
    for (const bad of ['../x', `${user}/../x`, `${user}/a/b`, `/${user}`, '']) {
      await expect(storage.write(bad, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.read(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.remove(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.removePrefix('')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.removePrefix('a/b/')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(seen).toEqual([]);
  });
});
