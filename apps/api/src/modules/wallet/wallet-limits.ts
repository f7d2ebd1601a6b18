import type { WalletLimits } from '../../config.ts';

export type { WalletLimits };

/**
 * How much one user can put into My Wallet (decisions.md "Imports that do not stall the others"; the
 * type is config.ts's). The defaults are the product's; tests pass small ones through `AppConfig.walletLimits`.
 */
export const DEFAULT_WALLET_LIMITS: WalletLimits = {
  importsPerHour: 20,
  maxTransactions: 250_000,
  stageChunkRows: 2_000,
};

/** The 409 past `maxTransactions`, worded for the form that hit it. */
export function tooManyTransactions(max: number): string {
  return `My Wallet holds at most ${max.toLocaleString('en-US')} transactions. Delete some before adding more.`;
}
