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

function header(name: string, size: number, mtime: Date): Buffer {
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

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

export function writeTar(entries: TarEntry[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry.name, entry.data.length, mtime), entry.data, padding(entry.data.length));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
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
    offset = start + size + padding(size).length;
  }
  throw new TarError('the tar has no end (cut off?)');
}
