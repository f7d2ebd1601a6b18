import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A built web app as `npm run build -w @helo/web` leaves it: hashed assets with .br and .gz copies.
const dist = mkdtempSync(join(tmpdir(), 'helo-web-dist-'));
const INDEX = `<!doctype html><html><head><title>Helo</title></head><body><div id="root"></div>${' '.repeat(2048)}</body></html>`;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
function writeWithCopies(path: string, text: string) {
  writeFileSync(join(dist, path), text);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeWithCopies('index.html', INDEX);
  writeWithCopies('assets/index-Ab12Cd34.js', SCRIPT);
  writeFileSync(join(dist, 'assets/index-Ab12Cd34.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Helo"}');
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('hashed assets', () => {
  it('are sent as the brotli file the build made, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    // Decompressing once gives the file back: the server did not compress the brotli file again.
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('go out as gzip to a client without brotli, and plain to one that asks for nothing', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never include source maps, and a missing asset is a 404 rather than the page', async () => {
    const map = await get('/assets/index-Ab12Cd34.js.map', 'br');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    const gone = await get('/assets/index-Old00000.js', 'br');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/json/);
  });
});

describe('pages and app files', () => {
  it('index.html and the page fallback are revalidated on every load, compressed', async () => {
    for (const url of ['/', '/index.html', '/login', '/dashboard/my-loans?tab=plans']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('the service worker and the manifest are revalidated too, so a deploy reaches every browser', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('API answers', () => {
  it('JSON above 1 KB is compressed for a client that accepts it', async () => {
    const res = await get('/api/docs/openapi.json', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(doc.openapi).toMatch(/^3\./);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(doc)) / 3);

    const gzipped = await get('/api/docs/openapi.json', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString()).openapi).toBe(doc.openapi);
  });

  it('small JSON and clients that accept no encoding get plain bytes', async () => {
    const small = await get('/api/health/live', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const plain = await get('/api/docs/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);
  });

  it('unknown API paths stay JSON 404s even with a web app', async () => {
    const res = await get('/api/v1/nothing', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/v1/nothing', data: null });
  });
});
