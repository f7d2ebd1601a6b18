import { type Dollars, type DollarsInput, dollarsToCents, MoneyError } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { splitDifference } from '@helo/finance/split';
import { z } from 'zod';
import { budgetMonth } from './budgets.ts';
import { calendarDay } from './dates.ts';
import { envelope } from './envelope.ts';
import { oneLineName, text, versionField } from './fields.ts';
import { dollarAmount, dollars, MAX_DOLLARS } from './money.ts';

/**
 * My Wallet (`v1/wallet`, issue 15; decisions.md "My Wallet" and "Accounts and the Wallet on the
 * ledger"): the user's transactions in their accounts (`v1/accounts`; the Money Nest's spending money
 * is the account "Wallet"), entered by hand or imported from a bank file, and a month's spending per
 * budget category. Amounts are dollars on the wire, money out negative.
 */

/** The category of a transaction the month's budget has no category for. */
export const UNCATEGORIZED = 'Uncategorized';
/** The category a split transaction shows: its parts (`splits`) are each in their own category. */
export const SPLIT = 'Split';
/** A transaction's parts: at least two, at most this many. */
export const SPLITS_MIN = 2;
export const SPLITS_MAX = 20;
export const TAG_MAX = 40;
/** Tags on one transaction. */
export const TAGS_MAX = 20;
export const PAYEE_MAX = 100;
export const TRANSACTION_NOTE_MAX = 500;
export const CATEGORY_MAX = 60;
export const SEARCH_MAX = 100;
export const TRANSACTIONS_PAGE_DEFAULT = 50;
export const TRANSACTIONS_PAGE_MAX = 100;
/** A bank file is refused above this size (413). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** CSV, OFX (QFX too), QIF, and CAMT.053 (with camt.052 and .054: ISO 20022 XML). */
export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt'] as const;
/** At most this many accounts in one statement file. */
export const IMPORT_ACCOUNTS_MAX = 50;
export const DATE_ORDERS = ['ymd', 'mdy', 'dmy'] as const;
export const DECIMAL_MARKS = ['.', ','] as const;

const numberError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`;

/**
 * A signed dollar amount: money out is negative, money in positive, never zero, at most two
 * decimals and $10 billion either way (the same conversion the server stores with).
 */
export function signedDollarAmount(label: string): z.ZodType<Dollars, DollarsInput> {
  const schema = z
    .number({ error: numberError(label) })
    .min(-MAX_DOLLARS, `${label} cannot be less than -$10 billion`)
    .max(MAX_DOLLARS, `${label} cannot be more than $10 billion`)
    .refine((v) => {
      try {
        dollarsToCents(Math.abs(v));
        return true;
      } catch (e) {
        if (e instanceof MoneyError) return false;
        throw e;
      }
    }, `${label} can have at most two decimals (cents)`)
    .refine((v) => Math.round(Math.abs(v) * 100) >= 1, `${label} cannot be $0`);
  return schema as unknown as z.ZodType<Dollars, DollarsInput>;
}

/** A category as a transaction names it: one of the month's budget categories, or 'Uncategorized'. */
const categoryName = text('Category')
  .trim()
  .min(1, 'Category is required')
  .max(CATEGORY_MAX, `Category can be at most ${CATEGORY_MAX} characters`);

const note = text('Note').trim().max(TRANSACTION_NOTE_MAX, `Note can be at most ${TRANSACTION_NOTE_MAX} characters`);

/**
 * POST /v1/wallet/transactions. The server checks that `category` is one of the categories of the
 * budget of the transaction's month (any case; stored as the budget spells it) or 'Uncategorized',
 * which is also what an absent category means.
 */
/** An account of the user's (`v1/accounts`): another user's, or none, is a 400 naming the field. */
export const accountIdField = () => text('Account').max(64);

export const WALLET_TRANSACTION_KINDS = ['transaction', 'transfer', 'nest_deposit', 'loan_payment'] as const;
export type WalletTransactionKind = (typeof WALLET_TRANSACTION_KINDS)[number];

/**
 * A tag (issue 29 item 7): trimmed, 1 to 40 characters, no comma (the form's separator). A transaction
 * has a tag once in any case, spelled as the user first spelled it.
 */
export const tagName = text('Tag')
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(TAG_MAX, `A tag can be at most ${TAG_MAX} characters`)
  .refine((v) => !v.includes(','), 'A tag cannot hold a comma');

const tagList = z.array(tagName).max(TAGS_MAX, `At most ${TAGS_MAX} tags on a transaction`);

/** One part of a split transaction: a category (checked like the transaction's) and its share, signed like the whole. */
export const splitPart = z.object({ category: categoryName, amount: signedDollarAmount('Part amount') });
export type SplitPart = z.infer<typeof splitPart>;

const splitList = z
  .array(splitPart)
  .min(SPLITS_MIN, `A split has at least ${SPLITS_MIN} parts`)
  .max(SPLITS_MAX, `A split has at most ${SPLITS_MAX} parts`);

/**
 * Why a split's parts cannot make the transaction's amount, or null: each part signed like the
 * amount, and their sum exactly the amount ("The parts add up to $60.00: $10.00 more than the amount").
 * The API and the web's form both ask it.
 */
export function splitsProblem(
  amount: number,
  parts: readonly { amount: number }[],
): { index: number | null; message: string } | null {
  const sign = Math.sign(amount);
  const wrong = parts.findIndex((p) => Math.sign(p.amount) !== sign);
  if (wrong >= 0) {
    return { index: wrong, message: sign < 0 ? 'A part of money out is negative' : 'A part of money in is positive' };
  }
  let total: number;
  let partCents: number[];
  try {
    total = dollarsToCents(Math.abs(amount)) * sign;
    partCents = parts.map((p) => dollarsToCents(Math.abs(p.amount)) * sign);
  } catch (e) {
    if (e instanceof MoneyError) return null; // the amounts' own checks name them
    throw e;
  }
  const diff = splitDifference(total, partCents);
  if (diff === 0) return null;
  const sum = formatCents(Math.abs(partCents.reduce((a, b) => a + b, 0)));
  const by = formatCents(Math.abs(diff));
  return {
    index: null,
    message: `The parts add up to ${sum}: ${by} ${Math.abs(total + diff) > Math.abs(total) ? 'more' : 'less'} than the amount`,
  };
}

/** A payee as a transaction names it (a rule's or a bulk edit's new payee is checked with it too). */
export const payeeName = oneLineName('Payee', PAYEE_MAX);

/**
 * A transaction's fields (the bodies below add the split check with `splitsAddUp`, so they can not be
 * `.extend()`ed: build another body from these fields and `splitsAddUp`).
 */
export const transactionFields = {
  /** The account it is in; the Wallet when absent. */
  account_id: accountIdField().optional(),
  date: calendarDay('Date'),
  payee: payeeName,
  amount: signedDollarAmount('Amount'),
  /** Ignored when `splits` is given (a split transaction's category is 'Split'). */
  category: categoryName.optional(),
  note: note.nullish(),
  /**
   * The transaction's tags (any case; one of each). On POST absent means none; on PUT absent leaves
   * the tags as they are and a list replaces them.
   */
  tags: tagList.optional(),
  /**
   * The transaction split across categories: 2 to 20 parts, each signed like `amount`, adding up to
   * it exactly (a 400 on `splits` says by how much they differ). Absent or null: one category.
   */
  splits: splitList.nullish(),
};

export const splitsAddUp = (
  body: { amount: number; splits?: readonly { amount: number }[] | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (!body.splits) return;
  const problem = splitsProblem(body.amount, body.splits);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: problem.index === null ? ['splits'] : ['splits', problem.index, 'amount'],
      message: problem.message,
    });
  }
};

export const walletTransactionBody = z.object(transactionFields).superRefine(splitsAddUp);
export type WalletTransactionBody = z.input<typeof walletTransactionBody>;

/** PUT /v1/wallet/transactions/{id}: the whole transaction, from the version read (tags: see above). */
export const walletTransactionUpdateBody = z
  .object({ ...transactionFields, version: versionField() })
  .superRefine(splitsAddUp);
export type WalletTransactionUpdateBody = z.input<typeof walletTransactionUpdateBody>;

export const walletTransactionParams = z.object({ id: text('Transaction id').max(64) });

/**
 * GET /v1/wallet/transactions: newest first (date, then the order they were added), filtered by a
 * date range (both ends included), a category (by name, any case; a split transaction with a part in
 * it too), a tag (any case) and `q`, a piece of the payee, the bank's description or
 * the note (any case); `cursor` is the `next_cursor` of the page before.
 */
export const walletTransactionsQuery = z.object({
  /** Only this account's transactions (all the user's accounts when absent). */
  account_id: accountIdField().optional(),
  from: calendarDay('From').optional(),
  to: calendarDay('To').optional(),
  category: categoryName.optional(),
  /** Only transactions with this tag (any case). */
  tag: tagName.optional(),
  q: text('Search').trim().max(SEARCH_MAX, `Search can be at most ${SEARCH_MAX} characters`).optional(),
  cursor: text('Cursor').max(200).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(TRANSACTIONS_PAGE_MAX, `Limit must be at most ${TRANSACTIONS_PAGE_MAX}`)
    .default(TRANSACTIONS_PAGE_DEFAULT),
});
export type WalletTransactionsQuery = z.input<typeof walletTransactionsQuery>;

/** GET /v1/wallet/transactions.csv (issue 31 item 6): the list's filters, every row at once. */
export const walletTransactionsCsvQuery = walletTransactionsQuery.omit({ cursor: true, limit: true });
export type WalletTransactionsCsvQuery = z.input<typeof walletTransactionsCsvQuery>;
/**
 * The export's columns, in the common layout Monarch, YNAB and Actual import: Amount in dollars with a
 * point, money out negative; Tags separated by commas; a split transaction is a line per part.
 */
export const TRANSACTIONS_CSV_COLUMNS = ['Date', 'Account', 'Payee', 'Category', 'Amount', 'Notes', 'Tags'] as const;
/** What the export is called when downloaded on `day` (YYYY-MM-DD). */
export const transactionsCsvFileName = (day: string) => `helo-transactions-${day}.csv`;

/**
 * The transaction the duplicate engine found a row or a transaction may repeat (the same account and
 * amount, a day at most 3 away, a payee alike): for the user to merge or keep both.
 */
export const duplicateCandidate = z.object({
  id: z.string(),
  date: z.string(),
  payee: z.string(),
  amount: dollars(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidate>;

export const walletTransaction = z.object({
  /** Stays the same when the transaction is edited (the ledger's journal group). */
  id: z.string(),
  account_id: z.string(),
  date: z.string(),
  payee: z.string(),
  /** What it added to the account: negative for money out (for a card, a purchase is negative too). */
  amount: dollars(),
  /** Its category; 'Split' when it is split (`splits` says how). */
  category: z.string(),
  /** The bank's own description when it differs from `payee` (the merchant name made of it); else null. */
  original_payee: z.string().nullable(),
  /** The bank's own category of it (a CSV's category column, a QIF's L), as written; null without one. */
  bank_category: z.string().nullable(),
  /** Its tags, sorted (any case). */
  tags: z.array(z.string()),
  /** A split transaction's parts, each in its own category, adding up to `amount`; null when not split. */
  splits: z.array(z.object({ category: z.string(), amount: dollars() })).nullable(),
  note: z.string().nullable(),
  /** The import that brought it in, if any. */
  import_id: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  /**
   * 'transaction': money in or out of the account (income or spending); 'transfer': money moved
   * between two of the user's accounts (never income nor spending; `amount` is what it did to
   * `account_id`, the account filtered by, else the account the money left); 'nest_deposit': a bank
   * row recognised as a Money Nest deposit already recorded, adding no money (it can be unlinked);
   * 'loan_payment': a loan payment recorded in My Loans from the account (`payee` the loan's type,
   * `category` 'Loan payment', `amount` what left the account), changed or undone there only.
   */
  kind: z.enum(WALLET_TRANSACTION_KINDS),
  /**
   * A transfer's two accounts (a loan payment's: the account paid from and the loan's); null for the
   * other kinds. `paired`: found in (or paired from) two transactions of the user's accounts, or a loan
   * payment found in a bank row (issue 29): unpaired, not edited or deleted, while it is.
   */
  transfer: z.object({ from_account_id: z.string(), to_account_id: z.string(), paired: z.boolean() }).nullable(),
  /** The Money Nest deposit a 'nest_deposit' row is; null for the other kinds. */
  nest_deposit_id: z.string().nullable(),
  /** Another transaction this one may repeat, until the user merges the two or keeps both. */
  possible_duplicate: duplicateCandidate.nullable(),
  /**
   * For an Uncategorized 'transaction' in a list: the category its payee (cleaned, as merchantName
   * does) most often had in the user's history, else one its words point to (issue 29 item 2); null
   * when there is none, and for every other row and answer.
   */
  suggested_category: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/**
 * POST /v1/wallet/transfers: money moved from one of the user's accounts to another (checking,
 * savings, credit card, cash): one journal between the two, never income nor spending.
 */
export const walletTransferBody = z.object({
  from_account_id: accountIdField(),
  to_account_id: accountIdField(),
  amount: dollarAmount('Amount').refine((v) => Math.round(v * 100) >= 1, 'Amount cannot be $0'),
  date: calendarDay('Date'),
  note: note.nullish(),
});
export type WalletTransferBody = z.input<typeof walletTransferBody>;

/** PUT /v1/wallet/transfers/{id}: the whole transfer, from the version read. */
export const walletTransferUpdateBody = walletTransferBody.extend({ version: versionField() });
export type WalletTransferUpdateBody = z.input<typeof walletTransferUpdateBody>;

/**
 * POST /v1/wallet/transactions/{id}/transfer: the transaction becomes a transfer between its account
 * and `account_id` (money out of its account goes to that one; money in came from it).
 */
export const walletMakeTransferBody = z.object({ account_id: accountIdField(), version: versionField() });
export type WalletMakeTransferBody = z.input<typeof walletMakeTransferBody>;

/**
 * POST /v1/wallet/transactions/{id}/pair: this transaction and `other_id` (opposite amounts, two of the
 * user's accounts) become one transfer; `version` (this one's, as read) makes a stale pairing a 409.
 */
export const walletPairBody = z.object({
  other_id: text('Other transaction').max(64),
  version: versionField().optional(),
});
export type WalletPairBody = z.input<typeof walletPairBody>;

/** POST /v1/wallet/transactions/{id}/unpair: the two transactions the transfer was, its own first. */
export const walletUnpairResponse = envelope(z.array(walletTransaction));

export const walletTransactionsResponse = envelope(z.array(walletTransaction)).extend({
  next_cursor: z.string().nullable(),
});
export const walletTransactionResponse = envelope(walletTransaction);

/** GET /v1/wallet/tags: each of the user's tags (as first spelled) and how many transactions carry it. */
export const walletTag = z.object({ tag: z.string(), count: z.number().int() });
export type WalletTag = z.infer<typeof walletTag>;
export const walletTagsResponse = envelope(z.array(walletTag));

/** GET /v1/wallet/summary?month=YYYY-MM (this month in New York when absent). */
export const walletSummaryQuery = z.object({ month: budgetMonth('Month').optional() });

export const walletCategorySpending = z.object({
  /** The budget's category, 'Uncategorized', or a category no longer in the month's budget. */
  name: z.string(),
  /** The budget's planned amount; null when the month's budget has no such category. */
  planned: dollars().nullable(),
  /** Money out less refunds in the month, in every account (for 'Uncategorized', money out only: money in is income). */
  spent: dollars(),
});
export type WalletCategorySpending = z.infer<typeof walletCategorySpending>;

export const walletSummary = z.object({
  month: z.string(),
  /** The Wallet account's balance: what the Money Nest put in its Wallet plus every transaction there. */
  balance: dollars(),
  /** Whether the month has a budget (its categories are what transactions can be filed under). */
  has_budget: z.boolean(),
  /** The budget's categories in its order, then 'Uncategorized', then names no longer in the budget. */
  categories: z.array(walletCategorySpending),
  total_planned: dollars(),
  total_spent: dollars(),
  /** Uncategorized money in during the month (a salary in a bank file). */
  income: dollars(),
});
export type WalletSummary = z.infer<typeof walletSummary>;
export const walletSummaryResponse = envelope(walletSummary);

/**
 * How a CSV file's columns are read (column indexes from 0). Either `amount` (signed) or `debit`
 * and/or `credit` (money out and money in, both written as positive numbers by most banks).
 */
export const csvMapping = z.object({
  header: z.boolean({ error: 'Header must be true or false' }),
  date: z
    .number({ error: numberError('Date column') })
    .int()
    .min(0)
    .max(199),
  payee: z
    .number({ error: numberError('Payee column') })
    .int()
    .min(0)
    .max(199),
  amount: z.number().int().min(0).max(199).nullable(),
  debit: z.number().int().min(0).max(199).nullable(),
  credit: z.number().int().min(0).max(199).nullable(),
  memo: z.number().int().min(0).max(199).nullable(),
  date_order: z.enum(DATE_ORDERS, { error: 'Date order must be ymd, mdy or dmy' }),
  decimal: z.enum(DECIMAL_MARKS, { error: "Decimal mark must be '.' or ','" }),
  /** Lines of the file before the header (a bank's title, its balances): left unread. */
  skip_lines: z
    .number({ error: numberError('Lines to skip') })
    .int()
    .min(0, 'Lines to skip cannot be negative')
    .max(1000, 'Lines to skip can be at most 1000')
    .default(0),
  /** A column whose words say which way the money went (debit/credit, CR/DR, D/C, S/H, Af/Bij). */
  sign: z.number().int().min(0).max(199).nullable().default(null),
  /** Every amount the other way round (a card's charges written as positive numbers). */
  flip_sign: z.boolean({ error: 'Flip sign must be true or false' }).default(false),
  /** The bank's own category of each row (kept apart from the note: rules and suggestions read it). */
  category: z.number().int().min(0).max(199).nullable().default(null),
});
export type CsvMappingBody = z.infer<typeof csvMapping>;
export type CsvMappingInput = z.input<typeof csvMapping>;

/** POST /v1/wallet/imports?account_id=: the account the file goes into (the Wallet when absent). */
export const walletImportUploadQuery = z.object({ account_id: accountIdField().optional() });

/**
 * POST /v1/wallet/imports/{id}/preview and …/commit: the CSV mapping to read the file with, and the
 * account it goes into when it changes (duplicates are judged within that account).
 */
export const walletImportMappingBody = z.object({
  mapping: csvMapping.optional(),
  account_id: accountIdField().optional(),
  /**
   * A statement file of several accounts (OFX, CAMT): the Helo account each of the file's accounts
   * goes into, by the preview's `accounts[].key`. An account matched before may be left out.
   */
  accounts: z
    .array(z.object({ key: text('Account key').max(20), account_id: accountIdField() }))
    .max(IMPORT_ACCOUNTS_MAX, `At most ${IMPORT_ACCOUNTS_MAX} accounts`)
    .optional(),
});

/** One of a statement file's accounts, as the preview lists it (only for a file of several). */
export const walletImportFileAccount = z.object({
  /** What the commit's `accounts[].key` names it by. */
  key: z.string(),
  /**
   * The bank's account number, masked to its last four characters ("…1234"), or the account's name
   * where the file names accounts (QIF's !Account: "Checking"); null when the file has neither.
   */
  bank_account: z.string().nullable(),
  /** As the file says: CHECKING, SAVINGS, CREDITLINE, CREDITCARD, INVESTMENT…; null when it does not. */
  type: z.string().nullable(),
  currency: z.string().nullable(),
  /** Its rows in the file. */
  count: z.number().int(),
  /** The Helo account its rows go into: the one sent, else the one used before for it; null until chosen. */
  account_id: z.string().nullable(),
});
export type WalletImportFileAccount = z.infer<typeof walletImportFileAccount>;
export const walletImportParams = z.object({ id: text('Import id').max(64) });

/**
 * POST /v1/wallet/imports/{id}/commit: as the preview's body, and whether the rows that can not be
 * read under the mapping are left out (without it, a file with such rows is refused, naming the first).
 */
export const walletImportCommitBody = walletImportMappingBody.extend({
  skip_problem_rows: z.boolean({ error: 'Skip problem rows must be true or false' }).optional(),
});
export type WalletImportCommitBody = z.input<typeof walletImportCommitBody>;

/** At most this many problems go back in a preview; `problem_count` counts them all. */
export const PREVIEW_PROBLEMS = 50;

export const walletImportProblem = z.object({ line: z.number().int(), message: z.string() });

export const walletImportRow = z.object({
  /** The file's line the transaction starts on (OFX: the line of its <STMTTRN>). */
  line: z.number().int(),
  date: z.string(),
  payee: z.string(),
  amount: dollars(),
  note: z.string().nullable(),
  /** The bank's own category of the row (a CSV's category column, a QIF's L), as written; null without one. */
  bank_category: z.string().nullable(),
  /** Already in the account (same bank id, or the very row of an earlier file): not imported again. */
  duplicate: z.boolean(),
  /** Imported, and flagged as possibly repeating this transaction of the account. */
  possible_duplicate: duplicateCandidate.nullable(),
  /**
   * Money in of the same amount as a Money Nest deposit at most 3 days away (the nearest): the
   * commit links it to that deposit instead of adding it, so the paycheck counts once.
   */
  nest_deposit: z.boolean(),
  /** A file of several accounts: the key of the row's account (`accounts[].key`); null otherwise. */
  account_key: z.string().nullable(),
});
export type WalletImportRow = z.infer<typeof walletImportRow>;

export const walletImportPreview = z.object({
  id: z.string(),
  /** The account the rows go into. */
  account_id: z.string(),
  file_name: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** CSV: the first row's cells (column names when `mapping.header`), for the mapping step. */
  columns: z.array(z.string()),
  /** CSV: the columns as guessed (or as sent); null for OFX. */
  mapping: csvMapping.nullable(),
  rows: z.array(walletImportRow),
  total: z.number().int(),
  duplicates: z.number().int(),
  /** Rows imported but flagged as possible duplicates of transactions in the account. */
  possible_duplicates: z.number().int(),
  /** Rows recognised as Money Nest deposits (linked, not added, by the commit). */
  nest_deposits: z.number().int(),
  /** A statement file of several accounts: each, with the Helo account it goes into; empty otherwise. */
  accounts: z.array(walletImportFileAccount),
  /** What the file holds that is not imported (an investment statement's trades and positions), or null. */
  left_out: z.string().nullable(),
  /** CSV rows that can not be read under the mapping (the first 50), each with its line. */
  problems: z.array(walletImportProblem),
  problem_count: z.number().int(),
  /** CSV rows the bank marks pending (not booked yet): left out. */
  pending: z.number().int(),
  /** CSV lines after the last transaction that are not transactions (totals, balances): left out. */
  footer: z.number().int(),
  /** The mapping is the one confirmed for the last file of this shape into this account. */
  mapping_remembered: z.boolean(),
});
export type WalletImportPreview = z.infer<typeof walletImportPreview>;
export const walletImportPreviewResponse = envelope(walletImportPreview);

export const walletImportResult = z.object({
  id: z.string(),
  inserted: z.number().int(),
  duplicates: z.number().int(),
  /** Rows linked to the Money Nest deposits they are (not counted in `inserted`). */
  nest_deposits: z.number().int(),
  /**
   * Transfers found between two of the user's accounts with the new rows (issue 29), and the new rows
   * found to be payments to the user's loans (recorded in My Loans): counted in `inserted` too.
   */
  transfers: z.number().int(),
  loan_payments: z.number().int(),
});
export const walletImportResultResponse = envelope(walletImportResult);

// Duplicates (issue 28 item 2): merging two transactions, keeping both, undoing a merge.

/** POST /v1/wallet/transactions/{id}/merge: the transaction that stays; `{id}` is folded into it. */
export const walletMergeBody = z.object({ into: text('Transaction to merge into').max(64) });
export type WalletMergeBody = z.input<typeof walletMergeBody>;
/** POST /v1/wallet/transactions/{id}/keep: the other transaction of the pair, both kept. */
export const walletKeepBody = z.object({ with: text('Other transaction').max(64) });
export type WalletKeepBody = z.input<typeof walletKeepBody>;
