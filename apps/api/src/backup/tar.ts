/**
 * The few lines of POSIX ustar a backup needs: regular files only, names under 100 bytes. A plain
 * tar (not a package) so an operator can list or unpack a backup with the system's `tar`.
 */
export interface TarEntry {
  name: string;
  data: Buffer;
}

const BLOCK = 512;

export class TarError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 99) throw new TarError(`tar entry name too long: ${name}`);
  block.write(name, 0, 'utf8');
  block.write(octal(0o600, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  block.write(octal(size, 12), 124, 'latin1');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'latin1');
  block.write('        ', 148, 'latin1');
  block.write('0', 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  block.write(octal(checksum(block), 7), 148, 'latin1');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] as number);
  return sum;
}

export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks close a tar. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

export function writeTar(entries: TarEntry[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(tarHeader(entry.name, entry.data.length, mtime), entry.data, tarPadding(entry.data.length));
  }
  parts.push(TAR_END);
  return Buffer.concat(parts);
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Reads every regular file; a damaged header or a cut-off file is a TarError, never a partial list. */
export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) return entries;
    const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
    if (stored !== checksum(block)) throw new TarError(`damaged tar header at byte ${offset}`);
    const name = field(block, 0, 100);
    const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1);
    const start = offset + BLOCK;
    if (!Number.isSafeInteger(size) || start + size > tar.length) throw new TarError(`${name} is cut off`);
    if (type === '0' || type === '') entries.push({ name, data: tar.subarray(start, start + size) });
    offset = start + size + tarPadding(size).length;
  }
  throw new TarError('the tar has no end (cut off?)');
}

/**
 * Reads a tar from a stream, entry by entry, so a backup with gigabytes of Vault files never sits in
 * memory: `onEntry` gets each regular file's body as it arrives and must consume it. Same checks as
 * readTar: a damaged header, a cut-off file or a missing end is a TarError.
 */
export async function readTarStream(
  source: AsyncIterable<Buffer>,
  onEntry: (name: string, size: number, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const input = new PullReader(source[Symbol.asyncIterator]());
  let offset = 0;
  for (;;) {
    const block = await input.take(BLOCK);
    if (!block) throw new TarError('the tar has no end (cut off?)');
    if (block.every((b) => b === 0)) return;
    const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
    if (stored !== checksum(block)) throw new TarError(`damaged tar header at byte ${offset}`);
    const name = field(block, 0, 100);
    const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`damaged tar header at byte ${offset}`);
    const body = input.stream(size, name);
    if (type === '0' || type === '') await onEntry(name, size, body);
    // Whatever the reader left unread (or a directory's body) is skipped, with the padding.
    for await (const _ of body) {
      // skipped
    }
    if (!(await input.take(tarPadding(size).length))) throw new TarError(`${name} is cut off`);
    offset += BLOCK + size + tarPadding(size).length;
  }
}

/** Pulls exact byte counts from a stream of arbitrary slices. */
class PullReader {
  private pending: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterator<Buffer>) {
    this.source = source;
  }

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.pending.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** The next `n` bytes, or undefined when the stream ends first. */
  async take(n: number): Promise<Buffer | undefined> {
    if (!(await this.fill(n))) return undefined;
    const all = Buffer.concat(this.pending);
    this.pending = all.length > n ? [all.subarray(n)] : [];
    this.length -= n;
    return all.subarray(0, n);
  }

  /** The next `size` bytes as they arrive; a TarError if the stream ends first. Safe to iterate twice. */
  stream(size: number, name: string): AsyncIterable<Buffer> {
    let left = size;
    return {
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<Buffer>> => {
          if (left === 0) return { done: true, value: undefined };
          if (!(await this.fill(1))) throw new TarError(`${name} is cut off`);
          const head = this.pending[0] as Buffer;
          const piece = head.length > left ? head.subarray(0, left) : head;
          if (piece.length === head.length) this.pending.shift();
          else this.pending[0] = head.subarray(piece.length);
          this.length -= piece.length;
          left -= piece.length;
          return { done: false, value: piece };
        },
      }),
    };
  }
}
