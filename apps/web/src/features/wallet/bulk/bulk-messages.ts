import type { WalletBulkResult, WalletUndoResult } from '@helo/contract/wallet-bulk';

const transactions = (n: number) => `${n} transaction${n === 1 ? '' : 's'}`;

/** The toast after a bulk edit: what changed, then what did not and why in a word. */
export function bulkEditMessage(result: WalletBulkResult): string {
  const parts = [`Changed ${transactions(result.changed)}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged} already so`);
  if (result.skipped > 0) parts.push(`${result.skipped} could not be changed here`);
  return parts.join('; ');
}

/** The toast after an undo: how many came back, and how many were changed since and stay. */
export function undoMessage(result: WalletUndoResult): string {
  const back = `Undone: ${transactions(result.restored)} back as ${result.restored === 1 ? 'it was' : 'they were'}`;
  return result.skipped > 0 ? `${back}; ${result.skipped} changed since left as they are` : back;
}
