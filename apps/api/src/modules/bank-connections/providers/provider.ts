import type { Cents } from '@helo/finance/cents';

/**
 * What Helo asks of a bank aggregator (issue 28 item 3): SimpleFIN Bridge first, so that GoCardless,
 * Enable Banking or Plaid can follow as another file beside simplefin.ts. A credential is the
 * provider's own text (SimpleFIN's access URL); the service seals it and hands it back as it was.
 */
export interface BankProvider {
  /** Exchanges the setup token the user pasted for a lasting credential (once: a token is single-use). */
  claim(setupToken: string): Promise<string>;
  /** The bank's accounts with their balances and the transactions dated in the window. */
  fetchAccounts(credential: string, window: { start: Date; end: Date }): Promise<ProviderAnswer>;
}

export interface ProviderAnswer {
  accounts: ProviderAccount[];
  /** What the bank said besides (a login that needs attention at the bank): shown, not fatal. */
  messages: string[];
}

export interface ProviderAccount {
  id: string;
  name: string;
  currency: string;
  institution: string | null;
  balanceCents: Cents | null;
  availableCents: Cents | null;
  balanceDate: Date | null;
  transactions: ProviderTransaction[];
}

export interface ProviderTransaction {
  id: string;
  /** When it posted; for a pending one, when it was made (or null when the bank gives neither). */
  at: Date | null;
  amountCents: Cents;
  payee: string;
  memo: string | null;
  pending: boolean;
}

/**
 * Why a provider call failed, in words for the user: `bad_token` is the user's input (a 400 at
 * `setup_token`); the others are kept on the connection and notified once.
 */
export type ProviderFailure = 'bad_token' | 'forbidden' | 'payment_required' | 'rate_limited' | 'down' | 'bad_answer';

export class ProviderError extends Error {
  readonly failure: ProviderFailure;
  constructor(failure: ProviderFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}
