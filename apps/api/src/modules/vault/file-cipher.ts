import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { openBytes, SecretBoxError, sealBytes } from '../../lib/secret-box.ts';

/**
 * How a Vault document is encrypted at rest. Each file has its own random data key; the data key is
 * sealed under the server's Vault key (lib/secret-box.ts) and stored with the file's row, while the
 * file's bytes are encrypted under the data key here.
 *
 * Why chunks rather than one AES-GCM stream: GCM releases plaintext before its single tag is checked
 * at the very end, so a streamed download of a tampered file would hand out altered bytes before
 * anyone noticed. Instead the plaintext is cut into CHUNK_BYTES pieces, each sealed on its own
 * (the STREAM construction), and a chunk is released only after its own tag verified:
 *
 *   header  = "HELOV1" | version (1 byte) | nonce prefix (8 random bytes)          (15 bytes)
 *   chunk i = AES-256-GCM(plaintext i) | tag (16 bytes)
 *             nonce = nonce prefix | i (uint32 big-endian)
 *             additional data = header | i (uint32 BE) | last flag (1 byte) | context (UTF-8)
 *
 * Every chunk but the last holds exactly CHUNK_BYTES of plaintext; the last holds 0..CHUNK_BYTES
 * (an empty file is one empty last chunk), so chunk boundaries need no length fields. The index in
 * the nonce and additional data catches chunks reordered or dropped, the last flag catches a file
 * cut at a chunk boundary or with chunks appended, the header in the additional data catches an
 * altered header, and the context (`vault:<user id>:<file id>`) catches a file moved to another
 * row or user.
 */

export const CHUNK_BYTES = 64 * 1024;
const MAGIC = Buffer.from('HELOV1', 'ascii');
const VERSION = 1;
const PREFIX_BYTES = 8;
const HEADER_BYTES = MAGIC.length + 1 + PREFIX_BYTES;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;
const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;
/** The chunk index is a uint32 in the nonce: past it a nonce would repeat (256 TiB, never in practice). */
const MAX_CHUNKS = 2 ** 32;

/** The stored bytes (or the wrapped key) were altered, cut short, or belong to another key or file. */
export class FileDamagedError extends Error {}

/** The additional data that ties a file's key and chunks to their owner and row. */
export function fileContext(userId: string, fileId: string): string {
  return `vault:${userId}:${fileId}`;
}

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

export function wrapDataKey(vaultKey: Buffer, dataKey: Buffer, context: string): string {
  return sealBytes(vaultKey, dataKey, context);
}

/** Opens a wrapped data key with the Vault key (or keys, while they rotate) it was sealed under. */
export function unwrapDataKey(vaultKeys: Buffer | readonly Buffer[], wrapped: string, context: string): Buffer {
  let key: Buffer;
  try {
    key = openBytes(vaultKeys, wrapped, context);
  } catch (error) {
    if (error instanceof SecretBoxError) throw new FileDamagedError(`The file's key does not open: ${error.message}`);
    throw error;
  }
  if (key.length !== DATA_KEY_BYTES) throw new FileDamagedError("The file's key has the wrong length");
  return key;
}

function checkDataKey(dataKey: Buffer): void {
  if (dataKey.length !== DATA_KEY_BYTES) throw new RangeError(`A data key must be ${DATA_KEY_BYTES} bytes`);
}

function chunkNonce(prefix: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(PREFIX_BYTES + 4);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  return nonce;
}

function chunkAad(header: Buffer, index: number, last: boolean, context: Buffer): Buffer {
  const position = Buffer.alloc(5);
  position.writeUInt32BE(index, 0);
  position.writeUInt8(last ? 1 : 0, 4);
  return Buffer.concat([header, position, context]);
}

/**
 * Collects incoming slices without copying on every write (a slice may be 1 byte), and hands out
 * exact-size pieces from the front. Holds at most one chunk plus the current slice.
 */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(part: Buffer): void {
    if (part.length === 0) return;
    this.parts.push(part);
    this.length += part.length;
  }

  /** Removes and returns the first `n` bytes (n <= length). */
  take(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const head = this.parts[0] as Buffer;
      const used = Math.min(head.length, n - filled);
      head.copy(out, filled, 0, used);
      filled += used;
      if (used === head.length) this.parts.shift();
      else this.parts[0] = head.subarray(used);
    }
    this.length -= n;
    return out;
  }

  takeAll(): Buffer {
    return this.take(this.length);
  }
}

/** Encrypts a plaintext stream into the chunked format above. */
export function encryptStream(dataKey: Buffer, context: string): Transform {
  checkDataKey(dataKey);
  const prefix = randomBytes(PREFIX_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), prefix]);
  const contextBytes = Buffer.from(context, 'utf8');
  const pending = new ByteQueue();
  let index = 0;

  const seal = (plain: Buffer, last: boolean): Buffer => {
    if (index >= MAX_CHUNKS) throw new RangeError('The file is too large for one data key');
    const cipher = createCipheriv('aes-256-gcm', dataKey, chunkNonce(prefix, index), { authTagLength: TAG_BYTES });
    cipher.setAAD(chunkAad(header, index, last, contextBytes));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    index += 1;
    return sealed;
  };

  let headerSent = false;
  const sendHeader = (stream: Transform): void => {
    if (headerSent) return;
    headerSent = true;
    stream.push(header);
  };

  return new Transform({
    transform(slice: Buffer, _encoding, callback: TransformCallback) {
      try {
        sendHeader(this);
        pending.push(slice);
        // Strictly more than a chunk: only then is the front chunk known not to be the last one.
        while (pending.length > CHUNK_BYTES) this.push(seal(pending.take(CHUNK_BYTES), false));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        sendHeader(this);
        this.push(seal(pending.takeAll(), true));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/**
 * Decrypts the chunked format, releasing each chunk only after its tag verified. Fails with
 * FileDamagedError on any altered, missing, extra or reordered byte, or the wrong key or context.
 */
export function decryptStream(dataKey: Buffer, context: string): Transform {
  checkDataKey(dataKey);
  const contextBytes = Buffer.from(context, 'utf8');
  const pending = new ByteQueue();
  let header: Buffer | undefined;
  let prefix: Buffer = Buffer.alloc(0);
  let index = 0;

  const readHeader = (): boolean => {
    if (header) return true;
    if (pending.length < HEADER_BYTES) return false;
    const candidate = pending.take(HEADER_BYTES);
    if (!candidate.subarray(0, MAGIC.length).equals(MAGIC)) throw new FileDamagedError('Not a Vault file');
    if (candidate[MAGIC.length] !== VERSION) throw new FileDamagedError('A Vault file of an unknown version');
    header = candidate;
    prefix = candidate.subarray(MAGIC.length + 1);
    return true;
  };

  const open = (sealed: Buffer, last: boolean): Buffer => {
    if (index >= MAX_CHUNKS) throw new FileDamagedError('The file has more chunks than a key can seal');
    const decipher = createDecipheriv('aes-256-gcm', dataKey, chunkNonce(prefix, index), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(chunkAad(header as Buffer, index, last, contextBytes));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    let plain: Buffer;
    try {
      // update() hands back unverified bytes: they stay here until final() checked the tag.
      plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new FileDamagedError(`Chunk ${index} was altered, moved, or sealed under another key or file`);
    }
    index += 1;
    return plain;
  };

  return new Transform({
    transform(slice: Buffer, _encoding, callback: TransformCallback) {
      try {
        pending.push(slice);
        if (readHeader()) {
          // A full sealed chunk with more bytes after it cannot be the last chunk.
          while (pending.length > SEALED_CHUNK_BYTES) this.push(open(pending.take(SEALED_CHUNK_BYTES), false));
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        if (!readHeader()) throw new FileDamagedError('The file is shorter than its header');
        if (pending.length < TAG_BYTES) throw new FileDamagedError('The file ends inside a chunk');
        this.push(open(pending.takeAll(), true));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
