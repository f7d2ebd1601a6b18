import { type Dollars, type DollarsInput, dollarsToCents, MoneyError } from '@helo/finance/cents';
import { z } from 'zod';
import { calendarDay } from './dates.ts';
import { envelope } from './envelope.ts';
import { hasControlCharacter, oneLineName, text, versionField } from './fields.ts';
import { dollars, MAX_DOLLARS } from './money.ts';

/**
 * The user's own accounts (`v1/accounts`, issue 27; decisions.md "Accounts and the Wallet on the
 * ledger"): a checking or savings account, a credit card, cash. Each is an account of the ledger, its
 * balance the sum of its postings. The Money Nest's Wallet is one of them (`is_wallet`), made when the
 * Nest is activated. Amounts are dollars on the wire.
 */

export const ACCOUNT_KINDS = ['checking', 'savings', 'credit_card', 'cash'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit card',
  cash: 'Cash',
};
export const ACCOUNT_NAME_MAX = 60;
export const INSTITUTION_MAX = 60;
/** Open accounts one user can keep. */
export const MAX_ACCOUNTS = 50;

const numberError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`;

/**
 * What the account held on its opening date: signed (an overdrawn account, a card in credit), $0 for
 * none, at most two decimals and $10 billion either way. For a credit card it is what was owed.
 */
const openingBalance = z
  .number({ error: numberError('Opening balance') })
  .min(-MAX_DOLLARS, 'Opening balance cannot be less than -$10 billion')
  .max(MAX_DOLLARS, 'Opening balance cannot be more than $10 billion')
  .refine((v) => {
    try {
      dollarsToCents(Math.abs(v));
      return true;
    } catch (e) {
      if (e instanceof MoneyError) return false;
      throw e;
    }
  }, 'Opening balance can have at most two decimals (cents)') as unknown as z.ZodType<Dollars, DollarsInput>;

/**
 * POST /v1/accounts. `opening_balance` (default $0) is posted as an opening-balance journal dated
 * `opening_date` (today in New York when absent; at most one day ahead of it).
 */
export const accountBody = z.object({
  kind: z.enum(ACCOUNT_KINDS, { error: 'Kind must be checking, savings, credit_card or cash' }),
  name: oneLineName('Name', ACCOUNT_NAME_MAX),
  /** The bank or card issuer; empty or null for none. */
  institution: text('Institution')
    .trim()
    .max(INSTITUTION_MAX, `Institution can be at most ${INSTITUTION_MAX} characters`)
    .refine((v) => !hasControlCharacter(v), 'Institution can not contain line breaks or control characters')
    .nullish(),
  /** The account's or card's last four digits; empty or null for none. */
  last_four: text('Last four digits')
    .trim()
    .regex(/^(\d{4})?$/, 'Last four digits must be four digits')
    .nullish(),
  opening_balance: openingBalance.optional(),
  opening_date: calendarDay('Opening date').optional(),
});
export type AccountBody = z.input<typeof accountBody>;

/** PUT /v1/accounts/{id}: the whole account from the version read; its kind cannot change. */
export const accountUpdateBody = accountBody.extend({ version: versionField() });
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;

export const accountParams = z.object({ id: text('Account id').max(64) });

/** DELETE /v1/accounts/{id}?move_to=: where the account's transactions go first, when it has any. */
export const accountDeleteQuery = z.object({ move_to: text('Move to').max(64).optional() });

export const account = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  name: z.string(),
  institution: z.string().nullable(),
  last_four: z.string().nullable(),
  /**
   * What the account adds to the user's net worth: what it holds, or for a credit card minus what is
   * owed (a card owing $500 is -500). The Wallet's includes what the Money Nest put in its Wallet.
   */
  balance: dollars(),
  /** As entered: what it held on `opening_date` (for a card, what was owed). */
  opening_balance: dollars(),
  /** Null when the opening balance is $0 (nothing was posted). */
  opening_date: z.string().nullable(),
  /** The Money Nest's Wallet: where its Wallet share goes; it cannot be deleted. */
  is_wallet: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;

export const accountsResponse = envelope(z.array(account));
export const accountResponse = envelope(account);
