import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { accountIdField, CATEGORY_MAX, tagName } from './wallet.ts';

/**
 * Bulk edit in My Wallet (issue 29 item 6; decisions.md "Bulk edit and one undo"): one action on many
 * transactions at once, as one change that one undo takes back.
 */

/** At most this many transactions in one bulk edit (ten pages of the list at its largest). */
export const BULK_MAX = 500;

const transactionId = text('Transaction id').max(64);

export const BULK_ACTIONS = ['set_category', 'set_account', 'add_tag', 'remove_tag', 'delete'] as const;
export type BulkActionType = (typeof BULK_ACTIONS)[number];

/**
 * What to do to each transaction: file it under a category (one of its month's budget categories,
 * or Uncategorized; a split one is no longer split), move it to another of the user's accounts, add
 * a tag or take one off (any case), or delete it.
 */
export const walletBulkAction = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('set_category'),
      category: text('Category')
        .trim()
        .min(1, 'Category is required')
        .max(CATEGORY_MAX, `Category can be at most ${CATEGORY_MAX} characters`),
    }),
    z.object({ type: z.literal('set_account'), account_id: accountIdField() }),
    z.object({ type: z.literal('add_tag'), tag: tagName }),
    z.object({ type: z.literal('remove_tag'), tag: tagName }),
    z.object({ type: z.literal('delete') }),
  ],
  { error: `Action must be one of ${BULK_ACTIONS.join(', ')}` },
);
export type WalletBulkAction = z.input<typeof walletBulkAction>;

/**
 * POST /v1/wallet/transactions/bulk: the ids of the transactions (1 to 500, each once) and the
 * action. Rows that cannot take the action (a loan payment, a bank row linked to a Money Nest
 * deposit, a transfer given a category, a month whose budget has no such category) are skipped and
 * counted, not refused; an id that is no transaction of the user's is a 404 and nothing changes.
 */
export const walletBulkBody = z.object({
  ids: z
    .array(transactionId, { error: 'Transactions must be a list of ids' })
    .min(1, 'Choose at least one transaction')
    .max(BULK_MAX, `Choose at most ${BULK_MAX} transactions at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Name each transaction once'),
  action: walletBulkAction,
});
export type WalletBulkBody = z.input<typeof walletBulkBody>;

export const walletBulkResult = z.object({
  /** The change, to undo by `POST /v1/wallet/edits/{edit_id}/undo`; null when nothing changed. */
  edit_id: z.string().nullable(),
  /** Transactions the action changed. */
  changed: z.number().int(),
  /** Transactions that were so already (under that category, in that account, with or without that tag). */
  unchanged: z.number().int(),
  /** Transactions that cannot take the action (see walletBulkBody), left as they were. */
  skipped: z.number().int(),
});
export type WalletBulkResult = z.infer<typeof walletBulkResult>;
export const walletBulkResponse = envelope(walletBulkResult);

export const walletEditParams = z.object({ id: text('Change id').max(64) });

export const walletUndoResult = z.object({
  /** Transactions put back as they were before the change. */
  restored: z.number().int(),
  /** Transactions changed again since (or deleted), left as they are now. */
  skipped: z.number().int(),
});
export type WalletUndoResult = z.infer<typeof walletUndoResult>;
export const walletUndoResponse = envelope(walletUndoResult);
