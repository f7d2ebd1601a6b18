import { VAULT_KIND_KEYS, VAULT_KINDS, type VaultFile } from '@helo/contract/vault';

const KB = 1024;
const MB = 1024 * 1024;

/** One decimal where it says something ('12.4 MB'), none where it would be '.0' ('500 MB'). */
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * A size as a file manager shows it, in binary units as the Vault's limits are counted (the
 * contract's 20 MB is 20 × 1024 × 1024 bytes): '812 B', '3.5 KB', '12.4 MB'.
 */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  // 1023.96 KB would round to '1,024 KB': from there it reads as MB.
  if (bytes < MB - 0.05 * KB) return `${oneDecimal(bytes / KB)} KB`;
  return `${oneDecimal(bytes / MB)} MB`;
}

/** 'PDF, PNG, JPEG, …, CSV, Text': the kinds the Vault takes in a few words (each label's first word). */
export const KINDS_SHORT = [...new Set(VAULT_KIND_KEYS.map((k) => VAULT_KINDS[k].label.split(' ')[0]))].join(', ');

export const kindLabel = (file: Pick<VaultFile, 'kind'>) => VAULT_KINDS[file.kind].label;

export type SortKey = 'name' | 'date' | 'size' | 'type';
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** The choices of the Sort select, each one key and direction ('date-desc'). */
export const SORT_CHOICES: { value: `${SortKey}-${SortDirection}`; text: string }[] = [
  { value: 'date-desc', text: 'Newest first' },
  { value: 'date-asc', text: 'Oldest first' },
  { value: 'name-asc', text: 'Name, A to Z' },
  { value: 'name-desc', text: 'Name, Z to A' },
  { value: 'size-desc', text: 'Largest first' },
  { value: 'size-asc', text: 'Smallest first' },
  { value: 'type-asc', text: 'Type, A to Z' },
  { value: 'type-desc', text: 'Type, Z to A' },
];

export function parseSort(value: string): Sort {
  const [key, direction] = value.split('-') as [SortKey, SortDirection];
  return { key, direction };
}

// 'Statement 2' before 'Statement 10', and case does not split the list in two.
const byName = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

const compareBy: Record<SortKey, (a: VaultFile, b: VaultFile) => number> = {
  name: (a, b) => byName.compare(a.name, b.name),
  date: (a, b) => Date.parse(a.uploaded_at) - Date.parse(b.uploaded_at),
  size: (a, b) => a.size_bytes - b.size_bytes,
  type: (a, b) => byName.compare(kindLabel(a), kindLabel(b)),
};

/**
 * The files in the order asked for; equal ones by name, then by id, so the order never changes
 * between two renders of the same list.
 */
export function sortFiles(files: readonly VaultFile[], { key, direction }: Sort): VaultFile[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...files].sort(
    (a, b) => sign * compareBy[key](a, b) || compareBy.name(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The files whose name holds the words typed, in any case and any order ('bank 2024' finds '2024 Bank.pdf'). */
export function searchFiles(files: readonly VaultFile[], query: string): VaultFile[] {
  const words = query.toLocaleLowerCase('en-US').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...files];
  return files.filter((f) => {
    const name = f.name.toLocaleLowerCase('en-US');
    return words.every((w) => name.includes(w));
  });
}
