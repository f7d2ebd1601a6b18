import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTar, TarError, writeTar } from './tar.ts';

const entries = [
  { name: 'manifest.json', data: Buffer.from('{"format":"helo-backup"}\n') },
  { name: 'empty', data: Buffer.alloc(0) },
  { name: 'exactly-a-block', data: Buffer.alloc(512, 7) },
  { name: 'pglite.tar.gz', data: Buffer.from(Array.from({ length: 1500 }, (_, i) => i % 251)) },
];
const when = new Date('2026-11-23T12:00:00Z');

describe('tar', () => {
  it('reads back what it wrote', () => {
    expect(readTar(writeTar(entries, when))).toEqual(entries);
  });

  it('writes a tar the system tar lists and unpacks, with files readable by the owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'helo-tar-'));
    try {
      writeFileSync(join(dir, 'b.tar'), writeTar(entries, when));
      const listing = execFileSync('tar', ['-tvf', 'b.tar'], { cwd: dir, encoding: 'utf8' });
      expect(listing.trim().split('\n')).toHaveLength(entries.length);
      expect(listing).toMatch(/^-rw------- .*manifest\.json$/m);
      execFileSync('tar', ['-xf', 'b.tar'], { cwd: dir });
      expect(readFileSync(join(dir, 'pglite.tar.gz')).equals(entries[3]?.data as Buffer)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged header and a cut-off file instead of returning part of it', () => {
    const tar = writeTar(entries, when);
    const damaged = Buffer.from(tar);
    damaged[3] = 0x41;
    expect(() => readTar(damaged)).toThrow(TarError);
    expect(() => readTar(tar.subarray(0, 1000))).toThrow(/cut off/);
    expect(() => readTar(Buffer.from('not a tar at all'))).toThrow(TarError);
  });
});
