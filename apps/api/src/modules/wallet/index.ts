// The wallet module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { type BankRow, bankRowJournals } from './bank-journals.ts';
export { connectionBankId } from './duplicates/duplicate-engine.ts';
export { MAX_CSV_ROWS } from './import/csv-reader.ts';
export { walletImportRoutes } from './import/import.routes.ts';
export { WalletImportService } from './import/import.service.ts';
export { STAGING_LEASE_MS } from './import/staging.repository.ts';
export { walletModule } from './module.ts';
export { type FoundMoves, findMoves } from './transfers/found-moves.ts';
export { balanceQuery, categoryFlows, WALLET_KIND } from './wallet.repository.ts';
export { walletRoutes } from './wallet.routes.ts';
export { WalletService } from './wallet.service.ts';
export { DEFAULT_WALLET_LIMITS, type WalletLimits } from './wallet-limits.ts';
