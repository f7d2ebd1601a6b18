import type { WalletImportPreview } from '@helo/contract/wallet';

/** '1 transaction', '12 transactions'. */
export const transactionsText = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'transaction' : 'transactions'}`;

/** The success toast of a commit. */
export const importedText = (inserted: number) => `Imported ${transactionsText(inserted)}`;

/** What Import will add (`fresh`) and what it will leave out as already in the Wallet. */
export function importCounts(preview: Pick<WalletImportPreview, 'total' | 'duplicates'>) {
  return { fresh: Math.max(0, preview.total - preview.duplicates), duplicates: preview.duplicates };
}
