import type { WalletImportPreview } from '@helo/contract/wallet';

/** '1 transaction', '12 transactions'. */
export const transactionsText = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'transaction' : 'transactions'}`;

/** The success toast of a commit: what came in, then what was recognised among it. */
export const importedText = (inserted: number, nestDeposits = 0, transfers = 0, loanPayments = 0) =>
  `Imported ${transactionsText(inserted)}${nestDeposits > 0 ? `, ${nestDepositsText(nestDeposits)}` : ''}${
    transfers > 0
      ? `, ${transfers.toLocaleString('en-US')} ${transfers === 1 ? 'transfer' : 'transfers'} between your accounts found`
      : ''
  }${loanPayments > 0 ? `, ${loanPayments.toLocaleString('en-US')} ${loanPayments === 1 ? 'loan payment' : 'loan payments'} recorded in My Loans` : ''}`;

/**
 * What Import will add (`fresh`), what it will leave out as already in the account, and the paychecks
 * it recognises as Money Nest deposits (linked to them, not added: they count once).
 */
export function importCounts(preview: Pick<WalletImportPreview, 'total' | 'duplicates' | 'nest_deposits'>) {
  return {
    fresh: Math.max(0, preview.total - preview.duplicates - preview.nest_deposits),
    duplicates: preview.duplicates,
    nestDeposits: preview.nest_deposits,
  };
}

/** '1 recognised as a Money Nest deposit', '2 recognised as Money Nest deposits'. */
export const nestDepositsText = (n: number) =>
  `${n.toLocaleString('en-US')} recognised as ${n === 1 ? 'a Money Nest deposit' : 'Money Nest deposits'}`;
