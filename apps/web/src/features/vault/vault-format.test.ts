import type { VaultFile } from '@helo/contract/vault';
import { describe, expect, it } from 'vitest';
import { formatBytes, parseSort, SORT_CHOICES, searchFiles, sortFiles } from './vault-format.ts';

const file = (id: string, name: string, kind: VaultFile['kind'], size: number, day: string): VaultFile => ({
  id,
  name,
  kind,
  mime_type: 'x',
  size_bytes: size,
  uploaded_at: `${day}T10:00:00.000Z`,
  updated_at: `${day}T10:00:00.000Z`,
});

const files = [
  file('a', 'Statement 10.pdf', 'pdf', 2_000_000, '2026-03-02'),
  file('b', 'statement 2.pdf', 'pdf', 40_000, '2026-03-05'),
  file('c', 'Receipt.png', 'png', 900, '2026-01-20'),
  file('d', 'Budget 2026.xlsx', 'xlsx', 40_000, '2026-02-11'),
];
const names = (list: VaultFile[]) => list.map((f) => f.name);

describe('formatBytes', () => {
  it('shows bytes, KB and MB in binary units, one decimal where it says something', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(3584)).toBe('3.5 KB');
    expect(formatBytes(Math.round(12.4 * 1024 * 1024))).toBe('12.4 MB');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('never shows 1,024 KB: just under a megabyte reads as 1 MB', () => {
    expect(formatBytes(1024 * 1024 - 10)).toBe('1 MB');
    expect(formatBytes(1000 * 1024)).toBe('1,000 KB');
  });
});

describe('sortFiles', () => {
  it('sorts by name as people read it (2 before 10, any case), both ways', () => {
    expect(names(sortFiles(files, { key: 'name', direction: 'asc' }))).toEqual([
      'Budget 2026.xlsx',
      'Receipt.png',
      'statement 2.pdf',
      'Statement 10.pdf',
    ]);
    expect(names(sortFiles(files, { key: 'name', direction: 'desc' }))).toEqual([
      'Statement 10.pdf',
      'statement 2.pdf',
      'Receipt.png',
      'Budget 2026.xlsx',
    ]);
  });

  it('sorts by upload date, newest or oldest first', () => {
    expect(names(sortFiles(files, { key: 'date', direction: 'desc' }))[0]).toBe('statement 2.pdf');
    expect(names(sortFiles(files, { key: 'date', direction: 'asc' }))).toEqual([
      'Receipt.png',
      'Budget 2026.xlsx',
      'Statement 10.pdf',
      'statement 2.pdf',
    ]);
  });

  it('sorts by size, equal sizes by name whatever the direction', () => {
    expect(names(sortFiles(files, { key: 'size', direction: 'asc' }))).toEqual([
      'Receipt.png',
      'Budget 2026.xlsx',
      'statement 2.pdf',
      'Statement 10.pdf',
    ]);
    expect(names(sortFiles(files, { key: 'size', direction: 'desc' }))).toEqual([
      'Statement 10.pdf',
      'Budget 2026.xlsx',
      'statement 2.pdf',
      'Receipt.png',
    ]);
  });

  it('sorts by the type as shown (its label), not the stored key', () => {
    // 'Excel spreadsheet' < 'PDF' < 'PNG image'
    expect(names(sortFiles(files, { key: 'type', direction: 'asc' }))).toEqual([
      'Budget 2026.xlsx',
      'statement 2.pdf',
      'Statement 10.pdf',
      'Receipt.png',
    ]);
    expect(names(sortFiles(files, { key: 'type', direction: 'desc' }))[0]).toBe('Receipt.png');
  });

  it('leaves the list it was given as it was', () => {
    const before = names(files);
    sortFiles(files, { key: 'size', direction: 'asc' });
    expect(names(files)).toEqual(before);
  });

  it('offers every key in both directions in the Sort select', () => {
    const offered = SORT_CHOICES.map((c) => parseSort(c.value));
    for (const key of ['name', 'date', 'size', 'type'] as const) {
      expect(offered).toContainEqual({ key, direction: 'asc' });
      expect(offered).toContainEqual({ key, direction: 'desc' });
    }
  });
});

describe('searchFiles', () => {
  it('finds names holding every word typed, in any case and order', () => {
    expect(names(searchFiles(files, 'STATEMENT'))).toEqual(['Statement 10.pdf', 'statement 2.pdf']);
    expect(names(searchFiles(files, '2026 budget'))).toEqual(['Budget 2026.xlsx']);
    expect(names(searchFiles(files, 'statement 10'))).toEqual(['Statement 10.pdf']);
  });

  it('shows everything for an empty search and nothing for a name no file has', () => {
    expect(searchFiles(files, '   ')).toHaveLength(4);
    expect(searchFiles(files, 'tax')).toEqual([]);
  });
});
