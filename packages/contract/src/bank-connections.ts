import { z } from 'zod';
import { ACCOUNT_KINDS, ACCOUNT_NAME_MAX } from './accounts.ts';
import { envelope } from './envelope.ts';
import { oneLineName, text } from './fields.ts';
import { dollars } from './money.ts';

/**
 * Bank connections (`v1/bank-connections`, issue 28 item 3): the user pastes a setup token from an
 * aggregator (SimpleFIN Bridge first), maps each of the bank's accounts to one of theirs, and the
 * transactions and balances sync every day and on "Sync now". The credential never leaves the server.
 */

export const BANK_PROVIDERS = ['simplefin'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];
/** A SimpleFIN setup token is the base64 of a claim URL: a few hundred characters. */
export const SETUP_TOKEN_MAX = 2000;
/** Connections one user can keep. */
export const MAX_BANK_CONNECTIONS = 10;

/** POST /v1/bank-connections: claim the token's credential and list the bank's accounts. */
export const bankConnectionBody = z.object({
  provider: z.enum(BANK_PROVIDERS, { error: 'Provider must be simplefin' }),
  setup_token: text('Setup token')
    .trim()
    .min(1, 'Setup token is required')
    .max(SETUP_TOKEN_MAX, `Setup token can be at most ${SETUP_TOKEN_MAX} characters`),
});
export type BankConnectionBody = z.input<typeof bankConnectionBody>;

export const bankConnectionParams = z.object({ id: text('Connection id').max(64) });

/** A new account of the user's for a bank account, made by the mapping. */
export const newAccountTarget = z.object({
  create: z.object({
    name: oneLineName('Name', ACCOUNT_NAME_MAX),
    kind: z.enum(ACCOUNT_KINDS, { error: 'Kind must be checking, savings, credit_card or cash' }).default('checking'),
  }),
});

/**
 * PUT /v1/bank-connections/{id}/accounts: where each of the bank's accounts syncs to: one of the
 * user's accounts (its id), a new one (`{ create: { name, kind } }`), or nowhere (null). Bank
 * accounts left out keep their mapping.
 */
export const bankMappingBody = z.object({
  accounts: z
    .array(
      z.object({
        id: text('Bank account').max(64),
        account: z.union([text('Account').max(64), newAccountTarget, z.null()], {
          error: 'Account must be one of your accounts, { create: { name } } or null',
        }),
      }),
      { error: 'Accounts must be a list' },
    )
    .max(100, 'At most 100 bank accounts'),
});
export type BankMappingBody = z.input<typeof bankMappingBody>;

export const bankAccount = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  institution: z.string().nullable(),
  /** The user's account it syncs into; null: not synced. */
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  /** The balance the bank reports (not Helo's), as of `balance_date`. */
  bank_balance: dollars().nullable(),
  available_balance: dollars().nullable(),
  balance_date: z.string().nullable(),
  last_synced_at: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const BANK_CONNECTION_STATUSES = ['ok', 'error', 'not_synced'] as const;

export const bankConnection = z.object({
  id: z.string(),
  provider: z.enum(BANK_PROVIDERS),
  name: z.string(),
  /** `error`: the last sync failed (`error` says why); `not_synced`: no sync has run yet. */
  status: z.enum(BANK_CONNECTION_STATUSES),
  error: z.string().nullable(),
  error_at: z.string().nullable(),
  /** What the bank itself said on its last answer (a connection that needs attention at the bank). */
  bank_messages: z.array(z.string()),
  last_synced_at: z.string().nullable(),
  created_at: z.string(),
  accounts: z.array(bankAccount),
});
export type BankConnection = z.infer<typeof bankConnection>;

export const bankConnectionsResponse = envelope(z.array(bankConnection));
export const bankConnectionResponse = envelope(bankConnection);

export const bankSyncResult = z.object({
  connection: bankConnection,
  /** Transactions added to the user's accounts. */
  added: z.number().int(),
  /** Pending transactions replaced by their posted copies. */
  replaced: z.number().int(),
});
export type BankSyncResult = z.infer<typeof bankSyncResult>;
export const bankSyncResponse = envelope(bankSyncResult);
