import { randomBytes } from 'node:crypto';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newMasterKey, sealBytes } from '../../lib/secret-box.ts';
import {
  CHUNK_BYTES,
  decryptStream,
  encryptStream,
  FileDamagedError,
  fileContext,
  newDataKey,
  unwrapDataKey,
  wrapDataKey,
} from './file-cipher.ts';

const HEADER = 15;
const TAG = 16;
const SEALED = CHUNK_BYTES + TAG;
const context = fileContext('user-1', 'file-1');

/** Feeds `input` to the transform in slices of the given sizes (cycled), collecting everything it pushes. */
async function run(
  transform: Transform,
  input: Buffer,
  slices: readonly number[] = [input.length || 1],
): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let at = 0;
  let i = 0;
  while (at < input.length) {
    const size = Math.max(1, slices[i % slices.length] as number);
    pieces.push(input.subarray(at, at + size));
    at += size;
    i += 1;
  }
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), transform, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

const encrypt = (key: Buffer, plain: Buffer, ctx = context, slices?: number[]) =>
  run(encryptStream(key, ctx), plain, slices);
const decrypt = (key: Buffer, sealed: Buffer, ctx = context, slices?: number[]) =>
  run(decryptStream(key, ctx), sealed, slices);

describe('file cipher', () => {
  const key = newDataKey();

  it.each([0, 1, 100, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES, 5 * 1024 * 1024])(
    'round-trips %i bytes, each chunk adding only its tag',
    async (size) => {
      const plain = randomBytes(size);
      const sealed = await encrypt(key, plain);
      const chunks = Math.max(1, Math.ceil(size / CHUNK_BYTES));
      expect(sealed.length).toBe(HEADER + size + chunks * TAG);
      expect((await decrypt(key, sealed)).equals(plain)).toBe(true);
    },
  );

  it('round-trips input arriving one byte at a time and a megabyte at once', async () => {
    const plain = randomBytes(CHUNK_BYTES + 7);
    const sealed = await encrypt(key, plain, context, [1]);
    expect((await decrypt(key, sealed, context, [1])).equals(plain)).toBe(true);
    const big = randomBytes(1024 * 1024 + 3);
    const bigSealed = await encrypt(key, big, context, [1024 * 1024]);
    expect((await decrypt(key, bigSealed, context, [1024 * 1024])).equals(big)).toBe(true);
  });

  it('round-trips any content cut into any slices (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 * CHUNK_BYTES + 10 }),
        fc.array(fc.integer({ min: 1, max: 2 * CHUNK_BYTES }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 2 * CHUNK_BYTES }), { minLength: 1, maxLength: 6 }),
        async (size, inSlices, outSlices) => {
          const plain = randomBytes(size);
          const sealed = await encrypt(key, plain, context, inSlices);
          expect((await decrypt(key, sealed, context, outSlices)).equals(plain)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never stores the plaintext: a marker in the file does not appear in the ciphertext', async () => {
    const marker = Buffer.from('PASSPORT-NUMBER-X1234567');
    const plain = Buffer.concat([randomBytes(1000), marker, Buffer.alloc(CHUNK_BYTES, 'A'), marker]);
    const sealed = await encrypt(key, plain);
    expect(sealed.includes(marker)).toBe(false);
    expect(sealed.includes(Buffer.alloc(64, 'A'))).toBe(false);
    expect(sealed.subarray(0, 6).toString()).toBe('HELOV1');
  });

  it('encrypts the same file differently each time (a fresh nonce prefix)', async () => {
    const plain = Buffer.from('same');
    expect((await encrypt(key, plain)).equals(await encrypt(key, plain))).toBe(false);
  });

  describe('refuses a damaged file with FileDamagedError', () => {
    const plain = randomBytes(3 * CHUNK_BYTES + 100);
    const sealedOnce = encrypt(key, plain);

    const refuses = async (damaged: Buffer, k = key, ctx = context) => {
      await expect(decrypt(k, damaged, ctx)).rejects.toBeInstanceOf(FileDamagedError);
    };

    it('a flipped bit anywhere: header, body, tag, last chunk', async () => {
      const sealed = await sealedOnce;
      const positions = [0, 6, 7, HEADER - 1, HEADER, HEADER + 500, HEADER + SEALED - 1, HEADER + SEALED];
      positions.push(sealed.length - TAG - 1, sealed.length - 1);
      for (const at of positions) {
        const damaged = Buffer.from(sealed);
        damaged[at] = (damaged[at] as number) ^ 0x01;
        await refuses(damaged);
      }
    });

    it('a flipped bit at random places (property)', async () => {
      const sealed = await sealedOnce;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: sealed.length - 1 }),
          fc.integer({ min: 0, max: 7 }),
          async (at, bit) => {
            const damaged = Buffer.from(sealed);
            damaged[at] = (damaged[at] as number) ^ (1 << bit);
            await refuses(damaged);
          },
        ),
        { numRuns: 30 },
      );
    });

    it('the verified chunks before a damaged one are all it releases, never the damaged chunk', async () => {
      const sealed = Buffer.from(await sealedOnce);
      sealed[HEADER + SEALED + 10] = (sealed[HEADER + SEALED + 10] as number) ^ 0xff;
      const released: Buffer[] = [];
      const decipher = decryptStream(key, context);
      decipher.on('data', (c: Buffer) => released.push(c));
      await expect(pipeline(Readable.from([sealed]), decipher)).rejects.toBeInstanceOf(FileDamagedError);
      expect(Buffer.concat(released).equals(plain.subarray(0, CHUNK_BYTES))).toBe(true);
    });

    it('a truncated file: cut at a chunk boundary, inside a chunk, inside the header, or empty', async () => {
      const sealed = await sealedOnce;
      for (const end of [
        HEADER + SEALED,
        HEADER + 2 * SEALED,
        sealed.length - 1,
        HEADER + 100,
        HEADER + 3,
        HEADER,
        5,
        0,
      ]) {
        await refuses(sealed.subarray(0, end));
      }
    });

    it('extra bytes after the last chunk, or a whole chunk appended', async () => {
      const sealed = await sealedOnce;
      await refuses(Buffer.concat([sealed, Buffer.from([0])]));
      await refuses(Buffer.concat([sealed, sealed.subarray(HEADER, HEADER + SEALED)]));
    });

    it('chunks reordered, dropped or duplicated', async () => {
      const sealed = await sealedOnce;
      const c = (i: number) => sealed.subarray(HEADER + i * SEALED, HEADER + (i + 1) * SEALED);
      const head = sealed.subarray(0, HEADER);
      const last = sealed.subarray(HEADER + 3 * SEALED);
      await refuses(Buffer.concat([head, c(1), c(0), c(2), last]));
      await refuses(Buffer.concat([head, c(0), c(2), last]));
      await refuses(Buffer.concat([head, c(0), c(0), c(1), c(2), last]));
      await refuses(Buffer.concat([head, c(0), c(1), c(2)]));
    });

    it('a chunk from another file under the same key', async () => {
      const sealed = await sealedOnce;
      const other = await encrypt(key, plain);
      await refuses(Buffer.concat([sealed.subarray(0, HEADER + SEALED), other.subarray(HEADER + SEALED)]));
    });

    it('the wrong key or another file or user context', async () => {
      const sealed = await sealedOnce;
      await refuses(sealed, newDataKey());
      await refuses(sealed, key, fileContext('user-1', 'file-2'));
      await refuses(sealed, key, fileContext('user-2', 'file-1'));
    });

    it('an empty file that was altered, or an empty file read as another', async () => {
      const empty = await encrypt(key, Buffer.alloc(0));
      expect(empty.length).toBe(HEADER + TAG);
      expect((await decrypt(key, empty)).length).toBe(0);
      await refuses(empty, key, fileContext('user-1', 'file-2'));
      await refuses(empty.subarray(0, HEADER));
    });

    it('a bad header: not a Vault file, or an unknown version', async () => {
      const sealed = await sealedOnce;
      await refuses(Buffer.concat([Buffer.from('HELOV2'), sealed.subarray(6)]));
      const version = Buffer.from(sealed);
      version[6] = 2;
      await refuses(version);
      await refuses(Buffer.from('plain text, not a vault file at all, long enough to pass a header'));
    });
  });
});

describe('data keys', () => {
  const vaultKey = newMasterKey();

  it('wraps a data key that opens only under the same Vault key and context', () => {
    const dataKey = newDataKey();
    expect(dataKey.length).toBe(32);
    const wrapped = wrapDataKey(vaultKey, dataKey, context);
    expect(wrapped).not.toContain(dataKey.toString('base64url'));
    expect(unwrapDataKey(vaultKey, wrapped, context).equals(dataKey)).toBe(true);
    expect(unwrapDataKey([newMasterKey(), vaultKey], wrapped, context).equals(dataKey)).toBe(true);
    expect(() => unwrapDataKey(vaultKey, wrapped, fileContext('user-1', 'file-2'))).toThrow(FileDamagedError);
    expect(() => unwrapDataKey(newMasterKey(), wrapped, context)).toThrow(FileDamagedError);
    expect(() => unwrapDataKey(vaultKey, `${wrapped}x`, context)).toThrow(FileDamagedError);
    expect(() => unwrapDataKey(vaultKey, 'garbage', context)).toThrow(FileDamagedError);
  });

  it('refuses a sealed value that is not a data key', () => {
    const wrapped = sealBytes(vaultKey, Buffer.alloc(16), context);
    expect(() => unwrapDataKey(vaultKey, wrapped, context)).toThrow(FileDamagedError);
  });

  it('names the context after the user and the file', () => {
    expect(fileContext('u', 'f')).toBe('vault:u:f');
  });

  it('refuses a data key of the wrong length', () => {
    expect(() => encryptStream(Buffer.alloc(16), context)).toThrow(RangeError);
    expect(() => decryptStream(Buffer.alloc(31), context)).toThrow(RangeError);
  });
});
