/**
 * How much one user can put into My Wallet (decisions.md "Imports that do not stall the others").
 * The defaults are the product's; tests pass small ones through `AppConfig.walletLimits`.
 */
export interface WalletLimits {
  /** Bank files one user can upload in an hour (each is up to 5 MB to read and store). */
  importsPerHour: number;
  /** Transactions one user can keep: past it, an import or a hand entry is a 409. */
  maxTransactions: number;
  /** The most rows an import's commit writes per short transaction (fewer when the database is slow). */
  stageChunkRows: number;
}

export const DEFAULT_WALLET_LIMITS: WalletLimits = {
  importsPerHour: 20,
  maxTransactions: 250_000,
  stageChunkRows: 2_000,
};

/** The 409 past `maxTransactions`, worded for the form that hit it. */
export function tooManyTransactions(max: number): string {
  return `My Wallet holds at most ${max.toLocaleString('en-US')} transactions. Delete some before adding more.`;
}
